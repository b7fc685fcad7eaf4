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
} as const;
