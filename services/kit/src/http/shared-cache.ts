import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The Cache-Control of a public answer: shared caches (the gateway's) may keep it for `seconds`,
 * and are told when it changes; browsers revalidate every time, which the gateway answers with
 * 304 while it holds the same answer.
 */
export function sharedCacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=0, s-maxage=${seconds}` : 'no-cache';
}

/**
 * Middleware marking the answers of the routes it is applied to as shareable for `seconds`, or
 * for what `seconds()` says at each request. An error replaces it: the kit's error filter marks
 * every error `no-store`. (A Nest interceptor setting it after the handler measured at about
 * 0.15 ms of CPU per request, 40% of what a cached list costs in all.)
 */
export function sharedCache(seconds: number | (() => number)) {
  const fixed = typeof seconds === 'number' ? sharedCacheControl(seconds) : undefined;
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    res.setHeader('cache-control', fixed ?? sharedCacheControl((seconds as () => number)()));
    next();
  };
}
