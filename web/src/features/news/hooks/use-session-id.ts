import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readStoredSessionId, storeSessionId } from '../../../lib/session-id';

/** The checkout session id from `?session_id=` or, failing that, local storage; kept in storage. */
export function useSessionId(): string | null {
  const [params] = useSearchParams();
  const fromAddress = params.get('session_id') || null;
  const [stored] = useState(readStoredSessionId);
  const sessionId = fromAddress ?? stored;

  useEffect(() => {
    if (sessionId) storeSessionId(sessionId);
  }, [sessionId]);

  return sessionId;
}
