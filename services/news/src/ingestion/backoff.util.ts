export interface BackoffSettings {
  baseSeconds: number;
  maxSeconds: number;
}

export const DEFAULT_BACKOFF_BASE_SECONDS = 60;

/**
 * Delay before the next attempt after `consecutiveErrors` failures in a row: exponential,
 * half of it jittered so replicas and sources do not retry in lockstep, never above the cap.
 */
export function backoffSeconds(
  consecutiveErrors: number,
  settings: BackoffSettings,
  random: () => number = Math.random,
): number {
  if (consecutiveErrors <= 0) return 0;
  const exponent = Math.min(consecutiveErrors - 1, 30);
  const ceiling = Math.min(settings.maxSeconds, settings.baseSeconds * 2 ** exponent);
  const half = ceiling / 2;
  return Math.round(half + random() * half);
}

/** Retry-After as seconds (delta or HTTP date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
