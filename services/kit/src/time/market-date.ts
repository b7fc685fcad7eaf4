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

/** Cron pattern for "these days of the week (default Monday–Friday) at HH:MM". */
export function weekdayPattern(time: string, days: readonly number[] = [1, 2, 3, 4, 5]): string {
  const [hours, minutes] = time.split(':').map(Number);
  const list = days.join(',');
  return `${minutes} ${hours} * * ${list === '1,2,3,4,5' ? '1-5' : list}`;
}

/** The day of the week of a YYYY-MM-DD date: 0 Sunday … 6 Saturday. */
export function dayOfWeek(value: string): number {
  return dateColumn(value).getUTCDay();
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

/** Whether a YYYY-MM-DD date is Monday to Friday (public holidays are not known here). */
export function isWeekday(value: string): boolean {
  const day = dayOfWeek(value);
  return day >= 1 && day <= 5;
}

/** The zone's offset from UTC at `instant`, in milliseconds (New York in winter: −5 h). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the clocks of `timeZone` show `time` (HH:MM) on `date` (YYYY-MM-DD). */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const wall = dateColumn(date).getTime() + (hours * 60 + minutes) * 60_000;
  // The offset at the first guess may differ from the offset at the answer across a DST change.
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}
