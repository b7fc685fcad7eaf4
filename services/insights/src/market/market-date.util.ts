/** Calendar arithmetic in the market's time zone, with no dependency beyond Intl. */

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Building a formatter costs far more than using one; there is one time zone per process. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function marketDate(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}

/**
 * How long "today's" item may be kept by a shared cache from `now`: `seconds`, or 0 when the
 * market day ends sooner (the same address then names the next day's item).
 */
export function shareableSeconds(now: Date, seconds: number, timeZone: string): number {
  if (seconds <= 0) return 0;
  const later = new Date(now.getTime() + seconds * 1000);
  return marketDate(later, timeZone) === marketDate(now, timeZone) ? seconds : 0;
}

export function isMarketDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The YYYY-MM-DD string as a UTC midnight Date, the form a Postgres DATE column takes. */
export function dateColumn(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

export function fromDateColumn(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** The window of articles an item for `now` is written from: the `hours` before `now`. */
export function articleWindow(until: Date, hours: number): { since: Date; until: Date } {
  return { since: new Date(until.getTime() - hours * 3_600_000), until };
}

/** Cron pattern for "weekdays at HH:MM" (minute hour day month weekday). */
export function weekdayPattern(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * 1-5`;
}

/** "Friday, November 20, 2026" for a YYYY-MM-DD date, independent of the server's zone. */
export function longDate(value: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(dateColumn(value));
}
