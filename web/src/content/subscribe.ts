import { PRICE, type PlanTier } from '@probedge/proto';

/** A plan as the pricing page shows it (spec section 3: id, name, price, period, description, features, popular). */
export interface Plan {
  id: PlanTier;
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
}

export const PROFESSIONAL_PLAN: Plan = {
  id: 'professional',
  name: 'Professional Trading App',
  price: PRICE.display,
  period: PRICE.period,
  description:
    'The full probability engine: every signal, every template and the research behind them, renewed monthly.',
  // The spec's order, which the page keeps.
  features: [
    'Unconfidence engine with whitening',
    'Template matching with adaptive Hurst exponents',
    'Regime detection with capacity bounds',
    'Evidence fusion',
    'Kelly sizing',
    'Real-time probability maths',
    'Fractal geometry',
    'Student-t tails uncertainty',
    'Chaos risk factors and reliability scoring',
    'Epistemic uncertainty',
    'Regime-aware outputs',
    'Pattern confidence and entry timing',
    'Priority support',
    'Institutional research',
  ],
  popular: true,
};

export const SUBSCRIBE_LINES = {
  guarantees: 'No hidden fees • Cancel anytime • 30-day money-back guarantee',
  support: 'all plans include 24/7 support',
  securePayment:
    'Payments are processed securely by Stripe, our card payment provider. We never see or store your card details.',
} as const;

/** Shown instead of the payment claims when the billing service runs its offline sandbox. */
export const SANDBOX_TEXT = {
  label: 'Sandbox: no real payment was taken',
  subscribe:
    'This site runs a billing sandbox: checkout is a page of our own instead of Stripe, and no card is charged.',
  success:
    'This subscription comes from the billing sandbox: checkout completed without Stripe and no card was charged.',
} as const;

export const CHECKOUT_TOASTS = {
  failed: { title: 'Error', description: 'Failed to start checkout. Please try again.' },
  canceled: { title: 'Checkout Canceled', description: 'You can try again anytime.' },
} as const;

export const SUCCESS_TEXT = {
  processingTitle: 'Processing Your Subscription',
  processingText: 'Please wait while we activate your account...',
  activeText: 'Your subscription is now active. You have access to all premium features.',
  paymentSuccessful: 'Payment successful!',
  errorTitle: 'We could not confirm your payment yet',
  errorNotConfirmed:
    'Your subscription is not active yet. If your payment went through, it can take a moment to be confirmed: try again shortly. Retrying never charges you again.',
  errorNoSession:
    'This page needs the checkout session from the payment page, and the address does not carry one. If you have just paid, use the link from the payment page or contact us.',
  errorWithoutAccess: (status: string) =>
    `This checkout was paid, but the payment provider reports its subscription as ${status}, so it does not give access. If you have paid since, try again; otherwise subscribe again or contact us.`,
} as const;

/** The payment provider's subscription statuses, as a visitor reads them. */
export const SUBSCRIPTION_STATUS_TEXT: Readonly<Record<string, string>> = {
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'expired before it was paid',
  unpaid: 'unpaid',
  past_due: 'past due',
  paused: 'paused',
};
