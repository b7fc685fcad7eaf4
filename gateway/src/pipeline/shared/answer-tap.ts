import type { IncomingHttpHeaders } from 'node:http';

/** A copy of one answer being received: its body chunks, then `complete` once it arrived whole. */
export interface AnswerCopy {
  add(chunk: Buffer): void;
  complete(): void;
}

/**
 * Who wants a copy of a proxied answer (the response cache, for a request it may keep): the hub
 * hands it to the proxy, which shows it the answer's start and, when it takes a copy, the body.
 */
export interface AnswerTap {
  /** Sees the answer's status and headers: a copy to fill, or undefined when none is wanted. */
  offer(status: number, headers: IncomingHttpHeaders): AnswerCopy | undefined;
}
