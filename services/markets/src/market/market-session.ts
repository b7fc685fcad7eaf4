import { isWeekday, marketDate, zonedTime } from '@probedge/kit';

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

/** Monday to Friday; exchange holidays are not known, so a holiday reads as a quiet trading day. */
export function isTradingDay(date: string): boolean {
  return isWeekday(date);
}

function dayAt(date: string, timeZone: string): SessionDay {
  return {
    date,
    open: zonedTime(date, SESSION_OPEN, timeZone),
    close: zonedTime(date, SESSION_CLOSE, timeZone),
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

/** The latest session that has opened by `now` (today's once it opened, else an earlier one). */
export function currentSession(now: Date, timeZone: string): SessionDay {
  let date = marketDate(now, timeZone);
  for (let step = 0; step < 7; step++) {
    if (isTradingDay(date)) {
      const day = dayAt(date, timeZone);
      if (day.open <= now) return day;
    }
    date = shiftDate(date, -1);
  }
  throw new Error(`no trading day in the week before ${now.toISOString()}`);
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
