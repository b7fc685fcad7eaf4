/** A date written YYYY-MM-DD, as schema.org's `priceValidUntil` takes it. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The offer's `priceValidUntil` on the day `now` (UTC): the configured date while it lasts, else
 * the last day of the current year, so structured data never advertises an expired offer. The web
 * app uses it when it renders; the gateway fills it into pages prerendered by an older build.
 */
export function offerValidUntil(configured: string, now: Date): string {
  const today = now.toISOString().slice(0, 10);
  return ISO_DATE_PATTERN.test(configured) && configured >= today
    ? configured
    : `${now.getUTCFullYear()}-12-31`;
}
