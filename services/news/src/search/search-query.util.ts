import { SEARCH_LIMITS } from '@probedge/proto';

// NUL would make PostgreSQL refuse the text; the others are invisible and only separate words.
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const LENGTHS = `${SEARCH_LIMITS.minQuery} to ${SEARCH_LIMITS.maxQuery} characters`;
export const QUERY_LENGTH_MESSAGE = `q must be ${LENGTHS} long after trimming`;

/** The text searched for: control characters become spaces, then the ends are trimmed. */
export function cleanSearchQuery(raw: string): string {
  return raw.replace(CONTROL_CHARACTERS, ' ').trim();
}

/** What is wrong with a cleaned `q`, or undefined when it can be searched for. */
export function searchQueryProblem(value: unknown): string | undefined {
  if (value === undefined) return `q is required: ${LENGTHS} to search for`;
  if (typeof value !== 'string') return 'q must be given once, as text';
  // Counted in characters (code points), so an emoji counts once, as a reader would count it.
  const length = [...value].length;
  if (length < SEARCH_LIMITS.minQuery || length > SEARCH_LIMITS.maxQuery) {
    return QUERY_LENGTH_MESSAGE;
  }
  return undefined;
}
