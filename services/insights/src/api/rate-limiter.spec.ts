import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows the limit per window per key, then answers the seconds to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.take('a')).toBeUndefined();
    expect(limiter.take('a')).toBeUndefined();
    expect(limiter.take('b')).toBeUndefined();
    now += 15_000;
    expect(limiter.take('a')).toBe(45);
    now += 45_000;
    expect(limiter.take('a')).toBeUndefined();
  });
});
