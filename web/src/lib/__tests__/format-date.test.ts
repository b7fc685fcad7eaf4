import { formatDate } from '../format-date';

describe('formatDate', () => {
  it('writes the month in full, in UTC', () => {
    expect(formatDate('2025-09-16T00:30:00Z')).toBe('September 16, 2025');
    expect(formatDate('2024-02-29T23:59:59Z')).toBe('February 29, 2024');
  });

  it('returns null for a value that is not a date', () => {
    expect(formatDate('yesterday-ish')).toBeNull();
  });
});
