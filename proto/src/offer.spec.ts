import { offerValidUntil } from './offer';

describe('offerValidUntil', () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it('keeps the configured date until it has passed, that day included', () => {
    expect(offerValidUntil('2027-03-31', on('2026-11-25'))).toBe('2027-03-31');
    expect(offerValidUntil('2026-11-25', on('2026-11-25'))).toBe('2026-11-25');
  });

  it('moves a past date to the last day of the current year', () => {
    expect(offerValidUntil('2025-12-31', on('2026-01-01'))).toBe('2026-12-31');
    expect(offerValidUntil('2026-11-24', on('2026-11-25'))).toBe('2026-12-31');
  });

  it('counts days in UTC', () => {
    expect(offerValidUntil('2026-12-31', new Date('2027-01-01T00:30:00Z'))).toBe('2027-12-31');
    expect(offerValidUntil('2026-12-31', new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('ignores a value that is not a date', () => {
    expect(offerValidUntil('soon', on('2026-11-25'))).toBe('2026-12-31');
  });
});
