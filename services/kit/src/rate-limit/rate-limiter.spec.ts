import { clientKey, RateLimiter } from './rate-limiter';

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

describe('clientKey', () => {
  it("takes the gateway's client address, never X-Forwarded-For, which the client may write", () => {
    const socket = { remoteAddress: '10.0.0.5' };
    expect(
      clientKey({
        headers: { 'x-client-address': '198.51.100.7', 'x-forwarded-for': '1.1.1.1, 10.0.0.9' },
        socket,
      }),
    ).toBe('198.51.100.7');
    expect(clientKey({ headers: { 'x-forwarded-for': '1.1.1.1' }, socket })).toBe('10.0.0.5');
    expect(clientKey({ headers: {}, socket })).toBe('10.0.0.5');
  });
});
