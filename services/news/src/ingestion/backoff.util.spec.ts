import { backoffSeconds, parseRetryAfter } from './backoff.util';

const settings = { baseSeconds: 60, maxSeconds: 3600 };

describe('backoffSeconds', () => {
  it('is zero without errors', () => {
    expect(backoffSeconds(0, settings)).toBe(0);
  });

  it('doubles with each consecutive error', () => {
    const top = () => 1;
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, settings, top))).toEqual([60, 120, 240, 480]);
  });

  it('stays within half and all of the ceiling', () => {
    for (let i = 0; i < 100; i += 1) {
      const value = backoffSeconds(3, settings);
      expect(value).toBeGreaterThanOrEqual(120);
      expect(value).toBeLessThanOrEqual(240);
    }
  });

  it('never exceeds the cap, however many errors', () => {
    expect(backoffSeconds(1000, settings, () => 1)).toBe(3600);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-22T00:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:05:00 GMT', now)).toBe(300);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
