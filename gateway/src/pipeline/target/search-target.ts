import { cleanSearchQuery } from '@probedge/kit';
import { ROUTES } from '@probedge/proto';

/** The paths whose `q` is a search query (the route table's searchQuery routes). */
const QUERY_PATHS = new Set(ROUTES.filter((route) => route.searchQuery).map((route) => route.path));

/**
 * A search's target with `q` cleaned as news cleans it (control characters and runs of spaces
 * one space, the ends trimmed) and the query written one way (a space as "+", as browsers write a
 * form's), so queries that differ only in spacing or encoding share one cache entry and one
 * answer; any other target as it came.
 */
export function searchTarget(pathname: string, search: string, target: string): string {
  if (!QUERY_PATHS.has(pathname) || search.length < 2) return target;
  const params = new URLSearchParams(search.slice(1));
  const queries = params.getAll('q');
  // A missing or repeated q is news's to refuse (400), as it came.
  if (queries.length !== 1) return target;
  params.set('q', cleanSearchQuery(queries[0]!));
  return `${pathname}?${params.toString()}`;
}
