import { HttpStatus } from '@nestjs/common';
import { codedErrors, TooManyRequestsError } from '@probedge/kit';

/** Every refusal of sign-in and the member API, with its HTTP status. */
const STATUS = {
  SIGN_IN_EMAIL_INVALID: HttpStatus.BAD_REQUEST,
  NOT_SIGNED_IN: HttpStatus.UNAUTHORIZED,
  /** Used, expired or never issued: links work once, for a while. */
  SIGN_IN_LINK_INVALID: HttpStatus.GONE,
  /** The link is valid, but the person has not yet made the choice it needs. */
  SIGN_IN_CONFIRMATION_REQUIRED: HttpStatus.CONFLICT,
  SIGN_IN_WOULD_SWITCH: HttpStatus.CONFLICT,
} as const;

export class MemberError extends codedErrors(STATUS) {}

/** Too many links were asked for one address; retry after `retryAfter` seconds. */
export class SignInLimitedError extends TooManyRequestsError<'SIGN_IN_LIMITED'> {
  constructor(retryAfter: number) {
    super(
      'SIGN_IN_LIMITED',
      `Too many sign-in links were asked for this address; try again in ${retryAfter} s`,
      retryAfter,
    );
  }
}
