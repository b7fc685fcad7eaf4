import { dayOfWeek, isWeekday, marketDate, zonedTime } from '@probedge/kit';

/** The regular session of US equities, in the market's zone. */
export const SESSION_OPEN = '09:30';
export const SESSION_CLOSE = '16:00';

const DAY_MS = 86_400_000;

export interface SessionDay {
  /** YYYY-MM-DD in the market's zone. */
  date: string;
  open: Date;
  close: Date;
}

/** Weekday closures outside the exchange's rules (days of mourning, storms), by date. */
const SPECIAL_CLOSURES: Readonly<Record<string, string>> = {
  '2012-10-29': 'Hurricane Sandy',
  '2012-10-30': 'Hurricane Sandy',
  '2018-12-05': 'National Day of Mourning for President George H. W. Bush',
  '2025-01-09': 'National Day of Mourning for President Jimmy Carter',
};

/** The session closes at 13:00 on these days (the regular close otherwise). */
export const EARLY_CLOSE = '13:00';

function utcDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The `nth` `weekday` (0 Sunday … 6 Saturday) of a month; `nth` −1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = dayOfWeek(utcDay(year, month, 1));
    return utcDay(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = dayOfWeek(utcDay(year, month, lastDay));
  return utcDay(year, month, lastDay - ((last - weekday + 7) % 7));
}

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
function easter(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(year, month, day);
}

/** A fixed-date holiday as the exchange observes it: a Saturday's on the Friday, a Sunday's on the Monday. */
function observed(date: string): string {
  const weekday = dayOfWeek(date);
  return weekday === 6 ? shiftDate(date, -1) : weekday === 0 ? shiftDate(date, 1) : date;
}

/**
 * The NYSE's full-day holidays of a year, by the exchange's rules (NYSE Rule 7.2 and its published
 * holiday calendars): New Year's Day (a Saturday one is not moved back into the old year), Martin
 * Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day, Juneteenth (from 2022),
 * Independence Day, Labor Day, Thanksgiving and Christmas, and the special closures above.
 */
function holidaysOf(year: number): Map<string, string> {
  const days = new Map<string, string>();
  const newYear = utcDay(year, 1, 1);
  if (dayOfWeek(newYear) !== 6) days.set(observed(newYear), "New Year's Day");
  days.set(nthWeekday(year, 1, 1, 3), 'Martin Luther King Jr. Day');
  days.set(nthWeekday(year, 2, 1, 3), "Washington's Birthday");
  days.set(shiftDate(easter(year), -2), 'Good Friday');
  days.set(nthWeekday(year, 5, 1, -1), 'Memorial Day');
  if (year >= 2022) days.set(observed(utcDay(year, 6, 19)), 'Juneteenth National Independence Day');
  days.set(observed(utcDay(year, 7, 4)), 'Independence Day');
  days.set(nthWeekday(year, 9, 1, 1), 'Labor Day');
  days.set(nthWeekday(year, 11, 4, 4), 'Thanksgiving Day');
  days.set(observed(utcDay(year, 12, 25)), 'Christmas Day');
  for (const [date, name] of Object.entries(SPECIAL_CLOSURES)) {
    if (date.startsWith(`${year}-`)) days.set(date, name);
  }
  return days;
}

const holidayYears = new Map<number, Map<string, string>>();

/** Why the exchange is closed on a weekday `date` (YYYY-MM-DD), or undefined when it opens. */
export function exchangeHoliday(date: string): string | undefined {
  const year = Number(date.slice(0, 4));
  let days = holidayYears.get(year);
  if (!days) {
    days = holidaysOf(year);
    holidayYears.set(year, days);
  }
  return days.get(date);
}

/** Monday to Friday, except the exchange's holidays. */
export function isTradingDay(date: string): boolean {
  return isWeekday(date) && exchangeHoliday(date) === undefined;
}

/**
 * Whether the session closes early (13:00): the day after Thanksgiving, and Christmas Eve and
 * 3 July when they are trading days.
 */
export function closesEarly(date: string): boolean {
  if (!isTradingDay(date)) return false;
  const [, month, day] = date.split('-').map(Number);
  if ((month === 12 && day === 24) || (month === 7 && day === 3)) return true;
  const year = Number(date.slice(0, 4));
  return date === shiftDate(nthWeekday(year, 11, 4, 4), 1);
}

function dayAt(date: string, timeZone: string): SessionDay {
  return {
    date,
    open: zonedTime(date, SESSION_OPEN, timeZone),
    close: zonedTime(date, closesEarly(date) ? EARLY_CLOSE : SESSION_CLOSE, timeZone),
  };
}

/** `date` moved by `days` calendar days. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the regular session is open at `now`. */
export function isSessionOpen(now: Date, timeZone: string): boolean {
  const today = marketDate(now, timeZone);
  if (!isTradingDay(today)) return false;
  const day = dayAt(today, timeZone);
  return now >= day.open && now < day.close;
}

/** The latest trading day up to `now`'s date whose session passes `reached`. */
function latestSession(now: Date, timeZone: string, reached: (day: SessionDay) => boolean) {
  let date = marketDate(now, timeZone);
  for (let step = 0; step < 8; step++) {
    if (isTradingDay(date)) {
      const day = dayAt(date, timeZone);
      if (reached(day)) return day;
    }
    date = shiftDate(date, -1);
  }
  throw new Error(`no trading day in the week before ${now.toISOString()}`);
}

/** The latest session that has opened by `now` (today's once it opened, else an earlier one). */
export function currentSession(now: Date, timeZone: string): SessionDay {
  return latestSession(now, timeZone, (day) => day.open <= now);
}

/**
 * The latest session whose daily bar is final at `now`: one that closed at least `settleMs` ago
 * (providers publish the closing figures a while after the bell).
 */
export function settledSession(now: Date, timeZone: string, settleMs: number): string {
  return latestSession(now, timeZone, (day) => day.close.getTime() + settleMs <= now.getTime())
    .date;
}

/** The next opening bell after `now`. */
export function nextOpen(now: Date, timeZone: string): Date {
  let date = marketDate(now, timeZone);
  for (let step = 0; step < 8; step++) {
    if (isTradingDay(date)) {
      const open = zonedTime(date, SESSION_OPEN, timeZone);
      if (open > now) return open;
    }
    date = shiftDate(date, 1);
  }
  throw new Error(`no trading day in the week after ${now.toISOString()}`);
}

/** The last `count` trading days up to and including `date`, oldest first. */
export function tradingDaysBefore(date: string, count: number): string[] {
  const days: string[] = [];
  let cursor = date;
  while (days.length < count) {
    if (isTradingDay(cursor)) days.push(cursor);
    cursor = shiftDate(cursor, -1);
  }
  return days.reverse();
}

/**
 * How long a quote stays fresh from `now`: `openSeconds` in the session; outside it
 * `closedSeconds`, but never past the next opening bell, so the first prices of a session are read
 * within a few seconds of it.
 */
export function quoteFreshSeconds(
  now: Date,
  timeZone: string,
  openSeconds: number,
  closedSeconds: number,
): number {
  if (isSessionOpen(now, timeZone)) return openSeconds;
  const untilOpen = Math.ceil((nextOpen(now, timeZone).getTime() - now.getTime()) / 1000);
  return Math.max(1, Math.min(closedSeconds, untilOpen));
}
