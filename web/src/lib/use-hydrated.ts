import { useSyncExternalStore } from 'react';

/** For useSyncExternalStore over a value that never changes once the page runs. */
export const subscribeToNothing = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False in the prerendered HTML and while the browser hydrates it, true from the first render after.
 * Controls that only work through their handlers stay disabled until then: a press before the
 * script has taken over the page would otherwise do nothing (a button) or submit natively (a form
 * without an action, putting what was typed into the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, onClient, onServer);
}
