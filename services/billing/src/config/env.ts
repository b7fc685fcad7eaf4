import {
  baseShape,
  brandShape,
  ConfigError,
  env,
  loadConfig,
  mailShape,
  parseByteSize,
  sharedEnv,
} from '@probedge/kit';
import { DEFAULT_SERVICE_PORTS, WEBHOOK_BODY_LIMIT } from '@probedge/proto';
import { z } from 'zod';

const optionalString = (pattern: RegExp, message: string) =>
  z.string().regex(pattern, message).optional();

export const configShape = {
  ...baseShape,
  ...brandShape,
  PORT: sharedEnv.PORT(DEFAULT_SERVICE_PORTS.billing),
  DATABASE_URL: sharedEnv.DATABASE_URL('billing'),
  DATABASE_POOL_MAX: sharedEnv.DATABASE_POOL_MAX(10),
  /**
   * Stripe events (an invoice with many lines) outgrow the usual 100kb. The gateway passes webhook
   * bodies up to 1 MiB, so a smaller value (a BODY_LIMIT shared with other services) is raised to it:
   * an event the gateway let through must never get a 413 here, which Stripe would retry for days.
   */
  BODY_LIMIT: env
    .byteSize(WEBHOOK_BODY_LIMIT)
    .transform((value) =>
      parseByteSize(value) < parseByteSize(WEBHOOK_BODY_LIMIT) ? WEBHOOK_BODY_LIMIT : value,
    ),
  /** Checkout and portal return here. */
  PUBLIC_URL: sharedEnv.PUBLIC_URL(),
  STRIPE_SECRET_KEY: optionalString(/^(sk|rk)_(test|live)_\S+$/, 'must look like sk_test_...').meta(
    {
      description: 'Stripe secret key; unset, the clearly labelled sandbox provider runs instead.',
      examples: ['sk_test_...'],
    },
  ),
  STRIPE_WEBHOOK_SECRET: optionalString(/^whsec_\S+$/, 'must look like whsec_...').meta({
    description: 'Stripe webhook signing secret, required with the key.',
    examples: ['whsec_...'],
  }),
  STRIPE_PRICE_ID: optionalString(/^price_\S+$/, 'must look like price_...').meta({
    description: 'Stripe price of the professional tier, required with the key.',
    examples: ['price_...'],
  }),
  STRIPE_API_BASE_URL: z
    .url()
    .optional()
    .describe(
      'Another Stripe API origin (tests, stripe-mock); its protocol, host and port are used.',
    ),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: env
    .positiveInt(300)
    .describe('Age of the oldest webhook signature accepted.'),
  STRIPE_TIMEOUT_MS: env.positiveInt(20_000).describe('Deadline of one Stripe call.'),
  STRIPE_MAX_NETWORK_RETRIES: env
    .integer(2, { min: 0, max: 5 })
    .describe('Retries the Stripe SDK makes on network errors.'),
  ACCESS_COOKIE_MAX_AGE_DAYS: env.positiveInt(30).describe('Lifetime of the access cookie.'),
  MEMBER_SESSION_DAYS: env
    .positiveInt(30)
    .describe('How long a member stays signed in on one browser.'),
  SIGN_IN_ADDRESS_LIMIT: env
    .positiveInt(5)
    .describe(
      'Sign-in links per address and window (429 beyond); the gateway limits them per client too.',
    ),
  SIGN_IN_ADDRESS_WINDOW_SECONDS: env
    .positiveInt(3600)
    .describe('Window of the per-address sign-in limit.'),
  SIGN_IN_MAIL_LEASE_SECONDS: env
    .positiveInt(60)
    .describe(
      'How long a process holds a sign-in mail it is sending before another may take it over.',
    ),
  ...mailShape,
};

export type BillingConfig = z.infer<z.ZodObject<typeof configShape>>;

/** The sandbox catalog uses this price, so both providers share one plan table. */
export const SANDBOX_PRICE_ID = 'price_sandbox_professional';

export function loadBillingConfig(source: NodeJS.ProcessEnv = process.env): BillingConfig {
  const config = loadConfig(configShape, source);
  if (config.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const).filter(
      (key) => !config[key],
    );
    if (missing.length > 0) {
      throw new ConfigError(missing.map((key) => `${key}: required when STRIPE_SECRET_KEY is set`));
    }
  }
  return config;
}
