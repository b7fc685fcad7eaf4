import { useEffect, useState } from 'react';

/** Longest wait for an idle moment once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the page has loaded and the browser is idle, so work nobody waits for (background
 * calls whose answers are not shown at first) stays out of the page's first paint and hydration.
 */
export function useAfterLoadIdle(): boolean {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelIdle = () => {};
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(() => setReady(true), {
          timeout: IDLE_TIMEOUT_MS,
        });
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const timer = window.setTimeout(() => setReady(true), 0);
        cancelIdle = () => window.clearTimeout(timer);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
      return () => cancelIdle();
    }
    window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle();
    };
  }, []);

  return ready;
}
