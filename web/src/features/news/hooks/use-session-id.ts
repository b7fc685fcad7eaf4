import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readStoredSessionId, storeSessionId } from '../../../lib/session-id';

const subscribeToNothing = () => () => {};
const noSessionOnServer = () => null;

/** The checkout session id from `?session_id=` or, failing that, local storage; kept in storage. */
export function useSessionId(): string | null {
  const [params] = useSearchParams();
  const fromAddress = params.get('session_id') || null;
  // Storage is read after hydration: prerendered HTML never knows a visitor's session.
  const stored = useSyncExternalStore(subscribeToNothing, readStoredSessionId, noSessionOnServer);
  const sessionId = fromAddress ?? stored;

  useEffect(() => {
    if (sessionId) storeSessionId(sessionId);
  }, [sessionId]);

  return sessionId;
}
