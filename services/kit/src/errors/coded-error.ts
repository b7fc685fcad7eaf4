import { UnrecoverableError } from 'bullmq';

/**
 * An error that names its kind with a stable code, so callers decide by the code and never by the
 * wording. `retryable: false` says that trying again cannot help (a refusal, nothing to work on).
 */
export class CodedError<C extends string = string> extends Error {
  readonly retryable: boolean;
  /**
   * The HTTP status an API answers with when this error ends a request; the kit's error filter maps
   * it, with the message as the answer's text. Without one the error is a fault (500).
   */
  readonly status?: number;

  constructor(
    readonly code: C,
    message: string,
    options: { retryable?: boolean; cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retryable = options.retryable ?? true;
    this.status = options.status;
  }
}

/**
 * A feature's coded errors as one class: its codes with the HTTP status each answers with (one
 * table, so every refusal of the feature is listed in one place). Only a 5xx (something upstream
 * away) is worth trying again. `class BillingError extends codedErrors(STATUS) {}`.
 */
export function codedErrors<const S extends Readonly<Record<string, number>>>(statuses: S) {
  type Code = Extract<keyof S, string>;
  return class extends CodedError<Code> {
    declare readonly status: number;

    constructor(code: Code, message: string, cause?: unknown) {
      const status = statuses[code]!;
      super(code, message, { status, retryable: status >= 500, cause });
    }
  };
}

// A failed BullMQ job keeps only its error's message (failedReason), so a coded error crosses as
// "code: message"; the code is read back against the caller's list, never guessed from the text.
const SEPARATOR = ': ';

/**
 * What a job processor throws for an error: a coded error as "code: message", unrecoverable when
 * it is not retryable (BullMQ then spends no further attempts); any other error as it is.
 */
export function asJobError(error: unknown): unknown {
  if (!(error instanceof CodedError)) return error;
  const text = `${error.code}${SEPARATOR}${error.message}`;
  const thrown = error.retryable ? new Error(text) : new UnrecoverableError(text);
  thrown.cause = error;
  return thrown;
}

export interface JobFailure<C extends string> {
  /** The coded error's code, when the reason carries one of `codes`. */
  code: C | undefined;
  /** The reason without its code. */
  message: string;
}

/** Reads a failed job's reason back into its code (one of `codes`) and its message. */
export function jobFailure<C extends string>(
  reason: string | undefined,
  codes: readonly C[],
): JobFailure<C> {
  const text = reason ?? '';
  const at = text.indexOf(SEPARATOR);
  const code = at > 0 ? codes.find((known) => known === text.slice(0, at)) : undefined;
  return code === undefined
    ? { code: undefined, message: text }
    : { code, message: text.slice(at + SEPARATOR.length) };
}
