import { SEARCH_LIMITS } from '@probedge/proto';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';

const LENGTHS = `${SEARCH_LIMITS.minQuery} to ${SEARCH_LIMITS.maxQuery} characters`;
export const SEARCH_QUERY_MESSAGE = `q must be ${LENGTHS} long after trimming`;
export const SEARCH_LIMIT_MESSAGE = `limit must be an integer from 1 to ${SEARCH_LIMITS.maxLimit}`;
/**
 * `limit` checked as text, as the lists' limit is: "1e1", "05", "12.0" or a repeated parameter never
 * pass as numbers.
 */
export const SEARCH_LIMIT_PATTERN = new RegExp(
  `^(?:${Array.from({ length: SEARCH_LIMITS.maxLimit }, (_, index) => index + 1).join('|')})$`,
);

// NUL would make PostgreSQL refuse the text; the others are invisible and only separate words.
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * The text searched for (and echoed): control characters become spaces, a run of spaces one space,
 * and the ends are trimmed. Queries that differ only in spacing search the same, so they are one
 * query: the gateway cleans `q` the same way before it looks in its cache.
 */
export function cleanSearchQuery(raw: string): string {
  return raw.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** What is wrong with a cleaned `q`, or undefined when it can be searched for. */
export function searchQueryProblem(value: unknown): string | undefined {
  if (value === undefined) return `q is required: ${LENGTHS} to search for`;
  if (typeof value !== 'string') return 'q must be given once, as text';
  // Counted in characters (code points), so an emoji counts once, as a reader would count it.
  const length = [...value].length;
  if (length < SEARCH_LIMITS.minQuery || length > SEARCH_LIMITS.maxQuery) {
    return SEARCH_QUERY_MESSAGE;
  }
  return undefined;
}

/** `q` of a search: cleaned by cleanSearchQuery, then its length checked (400 with the reason). */
export function IsSearchQuery(): PropertyDecorator {
  const clean = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? cleanSearchQuery(value) : value,
  );
  const check = ValidateBy({
    name: 'isSearchQuery',
    validator: {
      validate: (value: unknown) => searchQueryProblem(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => searchQueryProblem(args?.value) ?? '',
    },
  });
  return (target, propertyName) => {
    clean(target, propertyName);
    check(target, propertyName);
  };
}
