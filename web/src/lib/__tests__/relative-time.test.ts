import { relativeTime } from '../relative-time';

const NOW = new Date('2025-09-16T12:00:00Z');
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function ago(ms: number): Date {
  return new Date(NOW.getTime() - ms);
}

describe('relativeTime', () => {
  it.each([
    [0, 'Less than 1 hour ago'],
    [59 * MINUTE + 59 * 1000, 'Less than 1 hour ago'],
    [HOUR, '1 hour ago'],
    [HOUR + 59 * MINUTE, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [47 * HOUR + 59 * MINUTE, '1 day ago'],
    [48 * HOUR, '2 days ago'],
    [30 * 24 * HOUR, '30 days ago'],
  ])('describes an age of %i ms as "%s"', (age, expected) => {
    expect(relativeTime(ago(age), NOW)).toBe(expected);
  });

  it('accepts ISO strings as the API sends them', () => {
    expect(relativeTime('2025-09-16T09:00:00Z', NOW)).toBe('3 hours ago');
  });

  it('treats future and unparseable times as fresh', () => {
    expect(relativeTime(new Date(NOW.getTime() + HOUR), NOW)).toBe('Less than 1 hour ago');
    expect(relativeTime('not a date', NOW)).toBe('Less than 1 hour ago');
  });
});
