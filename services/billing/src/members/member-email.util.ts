import { normaliseEmail } from '@probedge/kit';

/**
 * The stored form of an address a payment provider reported. Stripe validates what buyers type;
 * should one still fail our stricter rules it is kept lower-cased, so the member can be found.
 */
export function normalisedOrRaw(email: string): string {
  const verdict = normaliseEmail(email);
  return verdict.ok ? verdict.email : email.trim().toLowerCase().slice(0, 254);
}
