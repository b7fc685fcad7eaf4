import { ConfigError } from '@probedge/kit';
import { loadBillingConfig } from './env';

describe('billing configuration', () => {
  it('runs the sandbox with documented defaults when nothing is set', () => {
    const config = loadBillingConfig({});

    expect(config).toMatchObject({
      PORT: 4004,
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/probedge_billing',
      PUBLIC_URL: 'http://localhost:8080',
      STRIPE_WEBHOOK_TOLERANCE_SECONDS: 300,
      ACCESS_COOKIE_MAX_AGE_DAYS: 30,
    });
    expect(config.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('requires the webhook secret and the price id with a secret key, naming both', () => {
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(ConfigError);
    expect(() => loadBillingConfig({ STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(
      /STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_ID/,
    );
  });

  it('rejects values that are not shaped like Stripe keys', () => {
    expect(() =>
      loadBillingConfig({
        STRIPE_SECRET_KEY: 'pk_test_123',
        STRIPE_WEBHOOK_SECRET: 'secret',
        STRIPE_PRICE_ID: 'prod_1',
      }),
    ).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*STRIPE_PRICE_ID/);
  });

  it('accepts a complete Stripe configuration with another API host', () => {
    const config = loadBillingConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_ID: 'price_123',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:12111',
    });

    expect(config.STRIPE_API_BASE_URL).toBe('http://127.0.0.1:12111');
  });

  it('accepts webhook bodies as large as the gateway passes (1 MiB), whatever BODY_LIMIT says', () => {
    expect(loadBillingConfig({}).BODY_LIMIT).toBe('1mb');
    expect(loadBillingConfig({ BODY_LIMIT: '100kb' }).BODY_LIMIT).toBe('1mb');
    expect(loadBillingConfig({ BODY_LIMIT: '1048575b' }).BODY_LIMIT).toBe('1mb');
    expect(loadBillingConfig({ BODY_LIMIT: '2mb' }).BODY_LIMIT).toBe('2mb');
    expect(() => loadBillingConfig({ BODY_LIMIT: 'lots' })).toThrow(/BODY_LIMIT/);
  });
});
