import { CodedError } from '@probedge/kit';

/**
 * Why a day's item could not be written. Owned here, inside the service, so the adapters that
 * raise them (news client, writers) and the API that names them for readers both depend inward;
 * a failed job carries the code in its reason (see the kit's `asJobError` and `jobFailure`).
 */
export const GENERATION_FAILURES = [
  'no-articles',
  'news-unavailable',
  'model-refused',
  'model-failed',
] as const;

export type GenerationFailure = (typeof GENERATION_FAILURES)[number];

/** The window holds no articles: there is nothing to write about yet, and retrying cannot help. */
export class NoArticlesError extends CodedError<'no-articles'> {
  constructor(message: string) {
    super('no-articles', message, { retryable: false });
  }
}

/** The news service did not answer; the job's retry policy decides what comes next. */
export class NewsUnavailableError extends CodedError<'news-unavailable'> {
  constructor(
    message: string,
    /** The gRPC status of the failed call. */
    readonly grpcStatus: number,
  ) {
    super('news-unavailable', message);
  }
}

/** The language model refused the request (4xx other than 429): the same request fails again. */
export class ModelRefusedError extends CodedError<'model-refused'> {
  constructor(message: string) {
    super('model-refused', message, { retryable: false });
  }
}

/** The language model stayed unavailable through every attempt of one call. */
export class ModelFailedError extends CodedError<'model-failed'> {
  constructor(message: string) {
    super('model-failed', message);
  }
}
