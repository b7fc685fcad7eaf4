import { HttpStatus } from '@nestjs/common';
import { codedErrors } from '@probedge/kit';

/** Every refusal of the daily items' API and the queue dashboard, with its HTTP status. */
const STATUS = {
  /** The queue dashboard: no admin token presented, or a wrong one (with a Basic login prompt). */
  ADMIN_TOKEN_REQUIRED: HttpStatus.UNAUTHORIZED,
  ADMIN_TOKEN_INVALID: HttpStatus.FORBIDDEN,
  DAILY_ITEM_NOT_FOUND: HttpStatus.NOT_FOUND,
  /** The window holds no articles: nothing to write about yet. */
  GENERATION_NO_ARTICLES: HttpStatus.CONFLICT,
  /** The job failed: the news service or the language model let it down. */
  GENERATION_FAILED: HttpStatus.BAD_GATEWAY,
  /** Redis is away: no job could be queued or followed. */
  QUEUE_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
} as const;

export class InsightsApiError extends codedErrors(STATUS) {}
