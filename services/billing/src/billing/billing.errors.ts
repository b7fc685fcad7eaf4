import { HttpStatus } from '@nestjs/common';
import { codedErrors } from '@probedge/kit';

/** Every refusal of checkout, activation, the portal and the webhook, with its HTTP status. */
const STATUS = {
  IDEMPOTENCY_KEY_INVALID: HttpStatus.BAD_REQUEST,
  CHECKOUT_NOT_FOUND: HttpStatus.NOT_FOUND,
  CHECKOUT_OTHER_BROWSER: HttpStatus.FORBIDDEN,
  CHECKOUT_UNPAID: HttpStatus.PAYMENT_REQUIRED,
  CHECKOUT_NOT_OUR_PLAN: HttpStatus.NOT_FOUND,
  CHECKOUT_NO_SUBSCRIPTION: HttpStatus.PAYMENT_REQUIRED,
  NO_ACTIVE_SUBSCRIPTION: HttpStatus.UNAUTHORIZED,
  WEBHOOK_SIGNATURE_MISSING: HttpStatus.BAD_REQUEST,
  WEBHOOK_BODY_MISSING: HttpStatus.BAD_REQUEST,
  WEBHOOK_SIGNATURE_INVALID: HttpStatus.BAD_REQUEST,
  /** Stripe did not answer: the only one where asking again can help. */
  PROVIDER_UNAVAILABLE: HttpStatus.BAD_GATEWAY,
} as const;

/** What billing answers when it cannot do what was asked; the kit's error filter maps the status. */
export class BillingError extends codedErrors(STATUS) {}
