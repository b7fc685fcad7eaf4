import type { IncomingHttpHeaders } from 'node:http';
import type { HeaderPairs } from '@probedge/kit';

/** Headers that belong to one connection or one exchange, never to a stored response. */
const NOT_STORED = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'date',
  'age',
  'x-request-id',
  'x-powered-by',
  // The gateway answers CORS itself, per request.
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  // Recomputed from the stored body.
  'content-length',
]);

/** The gateway adds Vary: Origin itself and computes CORS per request; nothing else may vary. */
const VARY_ALLOWED = new Set(['origin']);

/**
 * Parsed Cache-Control values by their text. Services send a handful of distinct values and
 * clients a few more, so each is parsed once; a flood of distinct ones only refills the table.
 */
const parsedDirectives = new Map<string, ReadonlyMap<string, string | undefined>>();
const MAX_PARSED_DIRECTIVES = 256;
const NO_DIRECTIVES: ReadonlyMap<string, string | undefined> = new Map();

function directives(value: string | string[] | undefined): ReadonlyMap<string, string | undefined> {
  if (value === undefined) return NO_DIRECTIVES;
  const text = Array.isArray(value) ? value.join(',') : value;
  let found = parsedDirectives.get(text);
  if (found === undefined) {
    found = parseDirectives(text);
    if (parsedDirectives.size >= MAX_PARSED_DIRECTIVES) parsedDirectives.clear();
    parsedDirectives.set(text, found);
  }
  return found;
}

function parseDirectives(text: string): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  for (const part of text.split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (!key) continue;
    const argument = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    found.set(key, argument === '' ? undefined : argument);
  }
  return found;
}

function seconds(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}

/**
 * How many seconds a shared cache may keep this upstream response (RFC 9111), capped at
 * `maxSeconds`; undefined when it must not be stored. Only an explicit shared lifetime is trusted:
 * `s-maxage`, or `max-age` marked `public`. Anything personal (Set-Cookie, private, no-store),
 * encoded, partial or varying on more than Origin is passed through and never kept.
 */
export function sharedLifetime(
  status: number,
  headers: IncomingHttpHeaders,
  maxSeconds: number,
): number | undefined {
  if (status !== 200 || maxSeconds <= 0) return undefined;
  if (headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined) {
    return undefined;
  }
  const vary = String(headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (vary.some((name) => !VARY_ALLOWED.has(name))) return undefined;
  const cacheControl = directives(headers['cache-control']);
  if (['no-store', 'no-cache', 'private'].some((name) => cacheControl.has(name))) return undefined;
  const shared = seconds(cacheControl.get('s-maxage'));
  const lifetime =
    shared ?? (cacheControl.has('public') ? seconds(cacheControl.get('max-age')) : undefined);
  if (lifetime === undefined) return undefined;
  const age = seconds(String(headers.age ?? '0')) ?? 0;
  const remaining = Math.min(lifetime, maxSeconds) - age;
  return remaining > 0 ? remaining : undefined;
}

/**
 * Whether a request may be answered from the cache: a plain GET or HEAD without a body that did
 * not ask to go to the origin (a hard reload sends Cache-Control: no-cache) and carries no
 * credentials a service could read.
 */
export function servableFromCache(method: string | undefined, headers: IncomingHttpHeaders) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (headers.authorization !== undefined) return false;
  if (headers['transfer-encoding'] !== undefined) return false;
  if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
  const cacheControl = directives(headers['cache-control']);
  if (cacheControl.has('no-cache') || cacheControl.has('no-store')) return false;
  if (cacheControl.get('max-age') === '0') return false;
  return !/no-cache/i.test(String(headers.pragma ?? ''));
}

export type { HeaderPairs } from '@probedge/kit';

/** The upstream headers a stored response keeps, as [name, value] pairs. */
export function storedHeaders(headers: IncomingHttpHeaders): [string, string | string[]][] {
  const kept: [string, string | string[]][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_STORED.has(name)) kept.push([name, value]);
  }
  return kept;
}

/**
 * Merges header pairs the way successive setHeader calls would (by lower-case name, the last
 * one wins) into the flat name, value list writeHead takes; a list value gives one line each.
 */
export function flatHeaders(...layers: HeaderPairs[]): string[] {
  const merged = new Map<string, string | readonly string[]>();
  for (const layer of layers) {
    for (const [name, value] of layer) {
      const key = name.toLowerCase();
      merged.delete(key);
      merged.set(key, typeof value === 'number' ? String(value) : value);
    }
  }
  const flat: string[] = [];
  for (const [name, value] of merged) {
    for (const item of typeof value === 'string' ? [value] : value) flat.push(name, item);
  }
  return flat;
}

/** Whether If-None-Match names this entity tag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (ifNoneMatch === undefined || etag === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
