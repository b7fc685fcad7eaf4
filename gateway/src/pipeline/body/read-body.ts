import type { IncomingMessage } from 'node:http';

/** A request body read whole, or why not. */
export type BodyRead =
  | { kind: 'whole'; body: Buffer }
  /** More bytes than the route takes arrived (a chunked body has no length to check first). */
  | { kind: 'too-large'; limit: number }
  /** The client went away, or its connection failed, before the body was whole. */
  | { kind: 'gone' };

/**
 * Reads a request's body into memory, at most `limit` bytes. The gateway reads every body whole
 * before it takes a connection to a service, so a client sending slowly holds only its own
 * connection to the gateway (which the server's request deadline ends with a 408), never one of a
 * service's. Bodies are small (BODY_LIMIT; a Stripe event at most WEBHOOK_BODY_LIMIT).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  // Gone while it waited for its rate-limit count: its 'close' has been and will not come again.
  if (req.destroyed) return Promise.resolve({ kind: 'gone' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (result: BodyRead) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Nothing more is read; the answer closes the connection (see the caller).
        req.pause();
        settle({ kind: 'too-large', limit });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () =>
      settle({
        kind: 'whole',
        body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
      });
    const onGone = () => settle({ kind: 'gone' });
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onGone);
    req.once('close', onGone);
  });
}
