import { useCallback, useEffect, useRef, useState } from 'react';
import { storeSessionId } from '../../../lib/session-id';
import { activateSubscription } from '../api/activate-subscription';

export type ActivationStatus = 'pending' | 'success' | 'error';

/**
 * Activates the checkout session once per mount (and once per retry): StrictMode runs effects
 * twice, and a second POST would be a wasted round trip to the payment provider.
 */
export function useActivation(sessionId: string | null) {
  const [status, setStatus] = useState<ActivationStatus>(sessionId ? 'pending' : 'error');
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId) {
      setStatus('error');
      return;
    }
    const run = `${sessionId}#${attempt}`;
    if (started.current === run) return;
    started.current = run;
    setStatus('pending');
    activateSubscription(sessionId).then(
      () => {
        // Kept only once confirmed, so the day-trader banner never claims an unpaid session.
        storeSessionId(sessionId);
        setStatus('success');
      },
      (error: unknown) => {
        console.error(error);
        setStatus('error');
      },
    );
  }, [sessionId, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { status, loading: status === 'pending', retry };
}
