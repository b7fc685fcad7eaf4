import { createHash, timingSafeEqual } from 'node:crypto';

/** The header operators present the admin token in (insights generation and queues, the newsletter preview). */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

/** Compares secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
