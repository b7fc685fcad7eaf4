const HOUR_MS = 60 * 60 * 1000;

/** Spec section 4: 'Less than 1 hour ago', '1 hour ago', 'N hours ago', '1 day ago', 'N days ago'. */
export function relativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const hours = Math.floor((now.getTime() - then.getTime()) / HOUR_MS);
  // Future or unparseable times read as fresh rather than as a negative age.
  if (!Number.isFinite(hours) || hours < 1) return 'Less than 1 hour ago';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
