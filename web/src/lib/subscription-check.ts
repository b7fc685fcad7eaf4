import useSWR from 'swr';
import type { SubscriptionCheck } from '@probedge/proto';
import { apiGet } from './api-client';

export const subscriptionCheckKey = ['/api/check-subscription'] as const;

/** Any failure reads as no access (spec section 7: on a non-OK response the page assumes false). */
export async function checkSubscription(key: typeof subscriptionCheckKey): Promise<boolean> {
  try {
    const result = await apiGet<SubscriptionCheck>(key);
    return result.hasAccess === true;
  } catch (error) {
    console.warn('Subscription check failed; treating as no access.', error);
    return false;
  }
}

/** Whether this browser has access (member session or purchase cookie), for every screen that asks. */
export function useSubscriptionCheck() {
  const { data } = useSWR(subscriptionCheckKey, checkSubscription, {
    // Access changes with a purchase made in another tab: ask again on every visit and on return.
    revalidateOnMount: true,
    revalidateOnFocus: true,
    dedupingInterval: 0,
  });
  return { hasAccess: data };
}
