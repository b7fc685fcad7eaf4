import { SESSION_ID_STORAGE_KEY } from '@probedge/proto';

// Storage can be unavailable (private modes, blocked cookies); the session id is then simply not kept.
export function readStoredSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_ID_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function storeSessionId(sessionId: string): void {
  try {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, sessionId);
  } catch {
    // See above: nothing to keep it in.
  }
}
