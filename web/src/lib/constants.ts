/** The web app's own constants of the product spec (section 9): what only its pages use. */

export const REFETCH_INTERVAL_MS = { market: 30_000, dailyAnalysis: 60_000 } as const;

export const SKELETON_COUNT = { list: 6, landing: 6, preview: 3 } as const;

export const SESSION_ID_DISPLAY_LENGTH = 8;

export const PRO_APP_POPUP = { width: 1400, height: 900 } as const;

export const FREE_SCANNER = {
  topOpportunities: 5,
  scoreMin: 0,
  scoreMax: 100,
  grades: ['A', 'B', 'C'],
} as const;

export const CLAIMS = {
  patterns: '10+',
  templates: '20+',
  liveSignalsDaily: '20+',
  dailyNewsUpdates: '50+',
  demoStocksScanned: 2847,
} as const;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThreshold: 50,
  hotkey: ['F8'],
} as const;

export const LEGAL_LAST_UPDATED = 'September 16, 2025';

export const SUPPORT_REPLY_HOURS = 24;

export const COPYRIGHT_START_YEAR = 2024;

export const SESSION_ID_STORAGE_KEY = 'stripe_session_id';

export const SIGN_IN_RESEND_SECONDS = 60;
