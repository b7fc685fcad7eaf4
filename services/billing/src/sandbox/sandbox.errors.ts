import { HttpStatus } from '@nestjs/common';
import { codedErrors } from '@probedge/kit';

/** Every refusal of the sandbox checkout and portal, with its HTTP status. */
const STATUS = {
  /** Stripe is configured: the sandbox pages do not exist. */
  SANDBOX_OFF: HttpStatus.NOT_FOUND,
  SANDBOX_CHECKOUT_NOT_FOUND: HttpStatus.NOT_FOUND,
  SANDBOX_NO_SUBSCRIPTION: HttpStatus.UNAUTHORIZED,
} as const;

export class SandboxError extends codedErrors(STATUS) {}
