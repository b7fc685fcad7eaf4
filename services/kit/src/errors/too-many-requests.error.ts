import { HttpStatus } from '@nestjs/common';
import { CodedError } from './coded-error';

/**
 * 429 with the seconds to wait: the kit's error filter sends them as Retry-After, so a service
 * that limits a request throws this and no controller touches the response. Retryable: the same
 * request succeeds once the wait is over.
 */
export class TooManyRequestsError<C extends string = string> extends CodedError<C> {
  constructor(
    code: C,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message, { retryable: true, status: HttpStatus.TOO_MANY_REQUESTS });
  }
}
