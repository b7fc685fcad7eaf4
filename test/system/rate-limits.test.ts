import { metricValue } from '@probedge/kit/testing';
import type { LoadRequest } from './support/load';
import { startStack, type ProcessName, type Stack } from './support/stack';

const SUITE_TIMEOUT = 120_000;
/** Long enough that no fixed window ends while the test runs. */
const WINDOW_SECONDS = 1_000_000;

const LIMITS = {
  general: 12,
  generate: 3,
  checkout: 3,
  activation: 3,
  newsletter: 3,
} as const;
type Bucket = keyof typeof LIMITS;

const REQUESTS: Record<Bucket, LoadRequest> = {
  general: { label: 'general', path: '/api/guides' },
  generate: { label: 'generate', method: 'POST', path: '/api/generate-analysis', body: '{}' },
  checkout: { label: 'checkout', method: 'POST', path: '/api/create-checkout-session', body: '{}' },
  activation: {
    label: 'activation',
    method: 'POST',
    path: '/api/activate-subscription',
    body: '{}',
  },
  newsletter: { label: 'newsletter', method: 'POST', path: '/api/newsletter', body: '{}' },
};

const GATEWAYS: ProcessName[] = ['gateway', 'gateway-2'];

let stack: Stack;

async function rateLimited(name: ProcessName, bucket: Bucket): Promise<number> {
  const text = await (await fetch(`${stack.url(name)}/metrics`)).text();
  return metricValue(text, 'gateway_rate_limited_total', { bucket }) ?? 0;
}

beforeAll(async () => {
  const gateway = {
    RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
    RATE_LIMIT_GENERAL: String(LIMITS.general),
    RATE_LIMIT_GENERATE: String(LIMITS.generate),
    RATE_LIMIT_CHECKOUT: String(LIMITS.checkout),
    RATE_LIMIT_ACTIVATION: String(LIMITS.activation),
    RATE_LIMIT_NEWSLETTER: String(LIMITS.newsletter),
    // Each test speaks as its own client through X-Forwarded-For, as behind an ingress.
    TRUSTED_PROXY_HOPS: '1',
  };
  stack = await startStack({
    processes: ['content', 'insights', 'billing', 'gateway', 'gateway-2'],
    env: {
      gateway,
      'gateway-2': gateway,
      // The services' own per-replica limits stay out of the way of the gateways' shared ones.
      content: { NEWSLETTER_RATE_LIMIT: '1000' },
      insights: { INSIGHTS_GENERATE_WAIT_MS: '0' },
    },
  });
}, SUITE_TIMEOUT);

afterAll(async () => {
  await stack?.close();
}, SUITE_TIMEOUT);

describe('rate limits shared by two gateway processes over one Redis', () => {
  it.each(Object.keys(LIMITS) as Bucket[])(
    'the %s limit counts requests to both gateways together and answers 429 with Retry-After',
    async (bucket) => {
      const limit = LIMITS[bucket];
      const client = `203.0.113.${Object.keys(LIMITS).indexOf(bucket) + 10}`;
      const before = await Promise.all(GATEWAYS.map((name) => rateLimited(name, bucket)));
      const answers: {
        gateway: ProcessName;
        status: number;
        retryAfter: string | null;
        body: string;
      }[] = [];
      // Alternating between the gateways: each alone would let `limit` through, together only `limit`.
      for (let index = 0; index < limit + 4; index += 1) {
        const gateway = GATEWAYS[index % 2];
        const response = await fetch(`${stack.url(gateway)}${REQUESTS[bucket].path}`, {
          method: REQUESTS[bucket].method ?? 'GET',
          headers: {
            'x-forwarded-for': client,
            ...(REQUESTS[bucket].body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: REQUESTS[bucket].body,
          signal: AbortSignal.timeout(10_000),
        });
        answers.push({
          gateway,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.text(),
        });
      }

      const passed = answers.slice(0, limit);
      const refused = answers.slice(limit);
      for (const answer of passed) {
        expect(answer.status).not.toBe(429);
        expect(answer.status).toBeLessThan(500);
      }
      for (const answer of refused) {
        expect(answer.status).toBe(429);
        expect(JSON.parse(answer.body)).toMatchObject({
          statusCode: 429,
          error: 'Too Many Requests',
        });
        const seconds = Number(answer.retryAfter);
        expect(Number.isInteger(seconds)).toBe(true);
        expect(seconds).toBeGreaterThan(0);
        expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
      }
      expect(new Set(refused.map((answer) => answer.gateway))).toEqual(new Set(GATEWAYS));

      // Each gateway counts the 429s it answered; together they are every refusal.
      const after = await Promise.all(GATEWAYS.map((name) => rateLimited(name, bucket)));
      expect(after[0] - before[0] + (after[1] - before[1])).toBe(refused.length);
      expect(after[0] - before[0]).toBe(2);
      expect(after[1] - before[1]).toBe(2);
    },
    SUITE_TIMEOUT,
  );
});
