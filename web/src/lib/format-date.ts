// UTC keeps a date-only label identical for every visitor and in tests, matching how times are stored.
const UPDATED_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'September 16, 2025', or null when the value is not a date. */
export function formatDate(value: string | Date): string | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : UPDATED_FORMAT.format(date);
}
