import { startStack, type Stack } from './support/stack';

const SETUP_TIMEOUT = 120_000;
const SERVICE_LIMIT = 2;
const VISITORS = Array.from({ length: 12 }, (_, index) => `198.51.100.${index + 1}`);

/**
 * Behind one trusted proxy (an ingress, the compose nginx) every visitor reaches the gateway from
 * the proxy's address. The gateway works out the visitor from X-Forwarded-For once and sends it in
 * the one header the services trust, so a service's own per-client limit (content's hourly
 * sign-ups) counts each visitor.
 */
describe('the client address, worked out once by the gateway', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      processes: ['content', 'gateway'],
      env: {
        gateway: {
          TRUSTED_PROXY_HOPS: '1',
          // The gateway's own buckets stay out of the way: content's hourly sign-up limit is under test.
          RATE_LIMIT_GENERAL: '100000',
          RATE_LIMIT_NEWSLETTER: '100000',
        },
        content: { NEWSLETTER_RATE_LIMIT: String(SERVICE_LIMIT) },
      },
    });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await stack?.close();
  });

  const post = (path: string, visitor: string, body?: unknown, forged?: string) =>
    fetch(`${stack.url('gateway')}${path}`, {
      method: 'POST',
      headers: {
        // What the trusted proxy appends: the visitor's address as it saw it.
        'x-forwarded-for': visitor,
        ...(forged && { 'x-client-address': forged }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('gives each of 12 visitors their own sign-up budget, and still limits one', async () => {
    for (const [index, visitor] of VISITORS.entries()) {
      for (let attempt = 0; attempt < SERVICE_LIMIT; attempt += 1) {
        const email = `visitor${index}.${attempt}@example.com`;
        expect((await post('/api/newsletter', visitor, { email })).status).not.toBe(429);
      }
    }

    const visitor = VISITORS[0]!;
    // A forged client address is overwritten by the gateway: it buys no fresh budget.
    const newsletter = await post(
      '/api/newsletter',
      visitor,
      { email: 'more@example.com' },
      '192.0.2.99',
    );

    expect(newsletter.status).toBe(429);
    expect(Number(newsletter.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
