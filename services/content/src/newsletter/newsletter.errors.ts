import { HttpStatus } from '@nestjs/common';
import { codedErrors, TooManyRequestsError } from '@probedge/kit';

/** Every refusal of the newsletter's sign-up and links, with its HTTP status. */
const STATUS = {
  /** An unsubscribe or resubscribe token that is missing or not shaped like one. */
  NEWSLETTER_LINK_MALFORMED: HttpStatus.BAD_REQUEST,
  /** A well-formed unsubscribe or resubscribe token naming no subscriber (or forged). */
  NEWSLETTER_LINK_UNKNOWN: HttpStatus.NOT_FOUND,
  NEWSLETTER_CONFIRMATION_MALFORMED: HttpStatus.BAD_REQUEST,
  /** Unknown, used or expired. */
  NEWSLETTER_CONFIRMATION_UNKNOWN: HttpStatus.NOT_FOUND,
  /** The database is away: asking again later works (a sign-up already written is mailed once). */
  NEWSLETTER_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
} as const;

export class NewsletterError extends codedErrors(STATUS) {}

/** Too many sign-ups from one client; retry after `retryAfter` seconds. */
export class SignUpsLimitedError extends TooManyRequestsError<'NEWSLETTER_SIGN_UPS_LIMITED'> {
  constructor(retryAfter: number) {
    super(
      'NEWSLETTER_SIGN_UPS_LIMITED',
      `Too many sign-ups from here; try again in ${retryAfter} s`,
      retryAfter,
    );
  }
}
