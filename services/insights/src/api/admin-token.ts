import { createHash, timingSafeEqual } from 'node:crypto';

/** The header the API and the queue dashboard read the admin token from. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** Compares secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
