/**
 * Far deeper than any body the APIs accept. Validation walks a body recursively, so a body nested
 * thousands of levels deep would overflow the stack (a 500) unless refused first.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `limit`; walks without recursion. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
