import { HttpStatus } from '@nestjs/common';
import { codedErrors } from '@probedge/kit';

/** Every refusal of the operators' briefing preview, with its HTTP status. */
const STATUS = {
  /** No CONTENT_ADMIN_TOKEN is set: the preview route does not exist. */
  PREVIEW_OFF: HttpStatus.NOT_FOUND,
  PREVIEW_TOKEN_MISSING: HttpStatus.UNAUTHORIZED,
  PREVIEW_TOKEN_WRONG: HttpStatus.FORBIDDEN,
  PREVIEW_DATE_MALFORMED: HttpStatus.BAD_REQUEST,
  /** The day's analysis has not reached the newsletter. */
  BRIEFING_NOT_FOUND: HttpStatus.NOT_FOUND,
} as const;

export class BriefingError extends codedErrors(STATUS) {}
