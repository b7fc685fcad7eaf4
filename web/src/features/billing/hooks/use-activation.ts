import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { rememberCheckoutSession } from '../../../lib/checkout-session';
import { activateSubscription } from '../api/activate-subscription';

/**
 * 'inactive': the session was paid once, but the subscription it started gives no access now
 * (canceled since, for instance); `subscriptionStatus` says which status the provider reports.
 */
export type ActivationStatus = 'pending' | 'success' | 'inactive' | 'error';

/**
 * Activates the checkout session once per mount (and once per retry): StrictMode runs effects
 * twice, and a second POST would be a wasted round trip to the payment provider.
 */
export function useActivation(sessionId: string | null) {
  const [status, setStatus] = useState<ActivationStatus>(sessionId ? 'pending' : 'error');
  const [subscriptionStatus, setSubscriptionStatus] = useState<string | null>(null);
  // The service's own explanation when it refused (this checkout belongs to another browser).
  const [refusal, setRefusal] = useState<string | null>(null);
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
    setRefusal(null);
    activateSubscription(sessionId).then(
      (result) => {
        setSubscriptionStatus(result.status);
        if (!result.hasAccess) {
          setStatus('inactive');
          return;
        }
        // Kept only once access is confirmed, so the day-trader banner never claims an unpaid session.
        rememberCheckoutSession(sessionId);
        setStatus('success');
      },
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 403) {
          // An answer, not a fault: this checkout belongs to another browser.
          console.warn(error);
          setRefusal(apiErrorMessage(error) ?? null);
        } else {
          console.error(error);
        }
        setStatus('error');
      },
    );
  }, [sessionId, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { status, subscriptionStatus, refusal, loading: status === 'pending', retry };
}
