import { SEARCH_LIMITS } from '@probedge/proto';

export const QUERY_MESSAGE = `q must be ${SEARCH_LIMITS.minQuery} to ${SEARCH_LIMITS.maxQuery} characters (after trimming)`;

// eslint-disable-next-line no-control-regex -- control characters are what it replaces
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The query as searched and echoed: control characters become spaces first (a NUL never reaches
 * PostgreSQL, a tab or newline separates words), then the ends are trimmed.
 */
export function cleanSearchQuery(raw: string): string {
  return raw.replace(CONTROL_CHARACTERS, ' ').trim();
}

export type QueryVerdict = { ok: true; query: string } | { ok: false; reason: string };

/** Checks a raw `q`: one text value whose cleaned length, in characters, is within the limits. */
export function checkSearchQuery(raw: unknown): QueryVerdict {
  if (raw === undefined) return { ok: false, reason: `q is required; ${QUERY_MESSAGE}` };
  if (typeof raw !== 'string') return { ok: false, reason: 'q must be given once, as text' };
  const query = cleanSearchQuery(raw);
  // Code points, so an emoji counts as one character as a reader sees it.
  const length = [...query].length;
  if (length < SEARCH_LIMITS.minQuery || length > SEARCH_LIMITS.maxQuery) {
    return { ok: false, reason: QUERY_MESSAGE };
  }
  return { ok: true, query };
}
