import { END_OF_DAY_DELAY_MINUTES, PERCENT_CURRENCY } from '@probedge/proto';

/** How market figures read on every screen that shows them. */

export type ChangeDirection = 'up' | 'down' | 'flat';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export const formatDecimal = (value: number): string => twoDecimals.format(value);

const moneyFormats = new Map<string, Intl.NumberFormat>([['USD', usd]]);

function moneyFormat(currency: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      return null;
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** A price in its quote's currency: "$412.30", "4.02%" for a yield, "98.10 XYZ" for a code Intl lacks. */
export function formatPrice(value: number, currency = 'USD'): string {
  if (currency === PERCENT_CURRENCY) return `${twoDecimals.format(value)}%`;
  return moneyFormat(currency)?.format(value) ?? `${twoDecimals.format(value)} ${currency}`;
}

/** A price's change: in the price's currency, or in percentage points for a yield. */
export function formatPriceChange(value: number, currency = 'USD'): string {
  return currency === PERCENT_CURRENCY
    ? `${twoDecimals.format(value)} pts`
    : formatPrice(value, currency);
}

/** "delayed 15 min", or "end of day" for a daily series; empty for a live price. */
export function formatDelay(delayMinutes: number): string {
  if (delayMinutes >= END_OF_DAY_DELAY_MINUTES) return 'end of day';
  return delayMinutes > 0 ? `delayed ${delayMinutes} min` : '';
}

/** In billions of US dollars, as the spec's panel shows it; N/A when there is none (funds). */
export function formatMarketCap(dollars: number | null): string {
  return dollars === null ? 'N/A' : `${usd.format(dollars / 1e9)}B`;
}

export const formatRatio = (value: number | null): string =>
  value === null ? 'N/A' : twoDecimals.format(value);

/** A plus sign before a rise; a fall carries its minus already. */
export function signed(value: number, text: string): string {
  return value > 0 ? `+${text}` : text;
}

export function changeDirection(change: number): ChangeDirection {
  if (change > 0) return 'up';
  if (change < 0) return 'down';
  return 'flat';
}

const quoteTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** When a quote was taken, in the exchange's time ("Nov 27, 4:00 PM EST"); empty when unreadable. */
export function formatQuoteTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? '' : quoteTime.format(time);
}
