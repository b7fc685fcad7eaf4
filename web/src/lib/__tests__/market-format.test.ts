import { formatDelay, formatPrice, formatPriceChange } from '../market-format';

describe('market figures', () => {
  it.each([
    [412.3, 'USD', '$412.30'],
    [98.1, 'EUR', '€98.10'],
    [4.02, '%', '4.02%'],
    [98.1, 'XQZ1', '98.10 XQZ1'],
  ])('prices %p in %s read %s', (value, currency, text) => {
    expect(formatPrice(value, currency)).toBe(text);
  });

  it('gives a yield’s change in percentage points and a price’s in its currency', () => {
    expect(formatPriceChange(0.05, '%')).toBe('0.05 pts');
    expect(formatPriceChange(-2.15, 'USD')).toBe('-$2.15');
  });

  it.each([
    [0, ''],
    [15, 'delayed 15 min'],
    [1440, 'end of day'],
    [4320, 'end of day'],
  ])('a delay of %p minutes reads %p', (minutes, text) => {
    expect(formatDelay(minutes)).toBe(text);
  });
});
