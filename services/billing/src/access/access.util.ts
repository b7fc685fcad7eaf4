export interface AccessState {
  status: string;
  currentPeriodEnd: Date | null;
}

/**
 * Active and trialing subscriptions grant access; past_due keeps it while the paid period lasts
 * (Stripe retries the card meanwhile). Everything else — canceled, unpaid, incomplete, paused — does not.
 */
export function grantsAccess(state: AccessState, now: Date): boolean {
  if (state.status === 'active' || state.status === 'trialing') return true;
  if (state.status === 'past_due') {
    return state.currentPeriodEnd !== null && state.currentPeriodEnd.getTime() > now.getTime();
  }
  return false;
}
