/** RFC 3986 path characters; anything else in a request path is refused rather than guessed at. */
const PATH_CHARACTERS = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
const PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const MAX_PATH_LENGTH = 2048;
/** A `.` or `..` segment, in a path with no percent-escapes to decode first. */
const PLAIN_DOT_SEGMENT = /\/\.\.?(?=\/|$)/;

export interface RoutableTarget {
  kind: 'ok';
  pathname: string;
  search: string;
}

export type RequestTarget =
  | RoutableTarget
  /** Not a path this gateway could ever route: answered 400. */
  | { kind: 'malformed'; reason: string }
  /** Well-formed, but reaching it would need the path to be reinterpreted (dot segments, encoded slashes). */
  | { kind: 'unroutable'; pathname: string };

/**
 * Checks the raw request target before anything routes on it, so the path the gateway matched
 * is exactly the path the service receives, with nothing for a later normaliser to reinterpret.
 */
export function parseRequestTarget(raw: string): RequestTarget {
  // Absolute-form ("GET http://host/path") and asterisk-form targets have no business here.
  if (!raw.startsWith('/')) return { kind: 'malformed', reason: 'Request target must be a path' };
  if (raw.includes('#')) return { kind: 'malformed', reason: 'Request target contains a fragment' };
  const queryStart = raw.indexOf('?');
  const pathname = queryStart === -1 ? raw : raw.slice(0, queryStart);
  const search = queryStart === -1 ? '' : raw.slice(queryStart);
  if (pathname.length > MAX_PATH_LENGTH) {
    return { kind: 'malformed', reason: 'Request path is too long' };
  }
  if (!PATH_CHARACTERS.test(pathname) || PERCENT_ESCAPE.test(pathname)) {
    return { kind: 'malformed', reason: 'Request path is malformed' };
  }
  // Without escapes no segment can hide a slash, backslash or NUL (the characters above exclude
  // them), so only a literal dot segment is left to find; most targets take this way.
  if (!pathname.includes('%')) {
    return PLAIN_DOT_SEGMENT.test(pathname)
      ? { kind: 'unroutable', pathname }
      : { kind: 'ok', pathname, search };
  }
  for (const segment of pathname.split('/').slice(1)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { kind: 'malformed', reason: 'Request path is not valid UTF-8' };
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)) {
      return { kind: 'unroutable', pathname };
    }
  }
  return { kind: 'ok', pathname, search };
}

const API_PATH = /^\/api(\/|$)/i;
/** The only paths under /api the gateway answers through Nest; the rest of /api is the route table's. */
const DOCS_PATH = /^\/api\/docs(\/|$)/i;

export function isApiPath(pathname: string): boolean {
  return API_PATH.test(pathname);
}

export function isDocsPath(pathname: string): boolean {
  return DOCS_PATH.test(pathname);
}
