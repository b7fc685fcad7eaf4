import { useCallback, useEffect, useRef } from 'react';
import type { ActivationResponse } from '@probedge/proto';
import { apiErrorMessage, HttpError } from '../../../lib/api-client';
import { rememberCheckoutSession } from '../../../lib/checkout-session';
import { useActivateSubscription } from '../api/activate-subscription';

/**
 * 'inactive': the session was paid once, but the subscription it started gives no access now
 * (canceled since, for instance); `subscriptionStatus` says which status the provider reports.
 */
export type ActivationStatus = 'pending' | 'success' | 'inactive' | 'error';

/** A 403 is an answer, not a fault: this checkout belongs to another browser. */
function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.status === 403;
}

function activationStatus(
  sessionId: string | null,
  { data, error, isMutating }: { data?: ActivationResponse; error?: unknown; isMutating: boolean },
): ActivationStatus {
  if (!sessionId) return 'error';
  if (isMutating) return 'pending';
  if (error) return 'error';
  if (!data) return 'pending';
  return data.hasAccess ? 'success' : 'inactive';
}

/**
 * Activates the checkout session once per mount (and once per retry): StrictMode runs effects
 * twice, and a second POST would be a wasted round trip to the payment provider.
 */
export function useActivation(sessionId: string | null) {
  const { trigger, data, error, isMutating } = useActivateSubscription();
  const started = useRef<string | null>(null);

  const activate = useCallback(
    (id: string) => {
      trigger(id).then(
        (result) => {
          // Kept only once access is confirmed, so the day-trader banner never claims an unpaid session.
          if (result.hasAccess) rememberCheckoutSession(id);
        },
        (failure: unknown) => {
          if (isRefusal(failure)) console.warn(failure);
          else console.error(failure);
        },
      );
    },
    [trigger],
  );

  useEffect(() => {
    if (!sessionId || started.current === sessionId) return;
    started.current = sessionId;
    activate(sessionId);
  }, [sessionId, activate]);

  const retry = useCallback(() => {
    if (sessionId) activate(sessionId);
  }, [sessionId, activate]);

  const status = activationStatus(sessionId, { data, error, isMutating });
  return {
    status,
    subscriptionStatus: data?.status ?? null,
    // The service's own explanation when it refused (this checkout belongs to another browser).
    refusal: status === 'error' && isRefusal(error) ? (apiErrorMessage(error) ?? null) : null,
    retry,
  };
}
