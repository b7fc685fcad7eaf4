import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SESSION_ID_STORAGE_KEY } from './constants';
import { subscribeToNothing, useHydrated } from './use-hydrated';

/**
 * The one owner of the stored checkout session id (spec: kept in local storage). Every reader and
 * writer goes through here; the id itself grants nothing: access comes from billing's cookies.
 */

// Storage can be unavailable (private modes, blocked cookies); the session id is then simply not kept.
export function readStoredSessionId(): string | null {
  try {
    return window.localStorage.getItem(SESSION_ID_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

export function rememberCheckoutSession(sessionId: string): void {
  try {
    window.localStorage.setItem(SESSION_ID_STORAGE_KEY, sessionId);
  } catch {
    // See above: nothing to keep it in.
  }
}

const noSessionOnServer = () => null;

/** The checkout session id from `?session_id=` or, failing that, local storage; kept in storage. */
export function useCheckoutSessionId(): string | null {
  const [params] = useSearchParams();
  // Both sources are read only after hydration: the prerendered HTML never knows a visitor's
  // session, so the first client render must not either (a cold load of ?session_id=… would
  // otherwise mismatch and render the page again).
  const hydrated = useHydrated();
  const stored = useSyncExternalStore(subscribeToNothing, readStoredSessionId, noSessionOnServer);
  const fromAddress = hydrated ? params.get('session_id') || null : null;
  const sessionId = fromAddress ?? stored;

  useEffect(() => {
    if (sessionId) rememberCheckoutSession(sessionId);
  }, [sessionId]);

  return sessionId;
}
