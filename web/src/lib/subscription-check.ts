import useSWR from 'swr';
import { apiPath, type SubscriptionCheck } from '@probedge/proto';
import { apiGet } from './api-client';

export const subscriptionCheckKey = [apiPath('checkSubscription')] as const;

export function getSubscriptionCheck(key: typeof subscriptionCheckKey): Promise<SubscriptionCheck> {
  return apiGet<SubscriptionCheck>(key);
}

/** What the service said: undefined until it answers, null when it could not be asked. */
function answerOf(data: SubscriptionCheck | undefined, error: unknown): boolean | null | undefined {
  if (error !== undefined) return null;
  if (data === undefined) return undefined;
  return typeof data.hasAccess === 'boolean' ? data.hasAccess : null;
}

/**
 * Whether this browser has access (member session or purchase cookie), for every screen that asks.
 * `hasAccess` reads a check that could not be made as no access (spec section 7); `answer` keeps it
 * apart (null), for a screen that stays neutral then.
 */
export function useSubscriptionCheck() {
  const { data, error } = useSWR(subscriptionCheckKey, getSubscriptionCheck, {
    // Access changes with a purchase made in another tab: ask again on every visit and on return.
    revalidateOnMount: true,
    revalidateOnFocus: true,
    dedupingInterval: 0,
    onError: (failure: unknown) => console.warn('Subscription check failed.', failure),
  });
  const answer = answerOf(data, error);
  return { answer, hasAccess: answer === undefined ? undefined : answer === true };
}
