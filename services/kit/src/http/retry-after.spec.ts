import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.UTC(2024, 0, 31, 21, 0, 0);

  it.each([
    ['7', 7_000],
    ['0', 0],
    ['120', 120_000],
    [' 30 ', 30_000],
    ['1.5', 1_500],
    ['0.0004', 1],
  ])('reads %j seconds as %d ms', (value, expected) => {
    expect(retryAfterMs(value, now)).toBe(expected);
  });

  it('reads an HTTP date as the milliseconds from now until then', () => {
    expect(retryAfterMs('Wed, 31 Jan 2024 21:01:30 GMT', now)).toBe(90_000);
  });

  it('reads an HTTP date already past as no wait at all', () => {
    expect(retryAfterMs('Wed, 31 Jan 2024 20:59:00 GMT', now)).toBe(0);
  });

  it.each([null, '', '   ', 'soon', 'in a minute', '-5', 'Infinity'])(
    'gives no wait for a missing, empty or garbled value (%j)',
    (value) => {
      expect(retryAfterMs(value, now)).toBeUndefined();
    },
  );
});
