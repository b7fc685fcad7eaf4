import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readStoredSessionId, storeSessionId } from '../../../lib/session-id';

const subscribeToNothing = () => () => {};
const noSessionOnServer = () => null;
const onClient = () => true;
const onServer = () => false;

/** The checkout session id from `?session_id=` or, failing that, local storage; kept in storage. */
export function useSessionId(): string | null {
  const [params] = useSearchParams();
  // Both sources are read only after hydration: the prerendered HTML never knows a visitor's
  // session, so the first client render must not either (a cold load of ?session_id=… would
  // otherwise mismatch and render the page again).
  const hydrated = useSyncExternalStore(subscribeToNothing, onClient, onServer);
  const stored = useSyncExternalStore(subscribeToNothing, readStoredSessionId, noSessionOnServer);
  const fromAddress = hydrated ? params.get('session_id') || null : null;
  const sessionId = fromAddress ?? stored;

  useEffect(() => {
    if (sessionId) storeSessionId(sessionId);
  }, [sessionId]);

  return sessionId;
}
