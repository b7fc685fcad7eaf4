import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 429 with the seconds to wait: the kit's error filter sends them as Retry-After, so a service
 * that limits a request throws this and no controller touches the response.
 */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
