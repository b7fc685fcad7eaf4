/**
 * Fixes the clock (Date) at `now` while every timer, frame and tick keeps running for real: the
 * lazy pages, SWR and user-event still wait as usual. Undo with jest.useRealTimers().
 */
export function fixClock(now: string | number): void {
  jest.useFakeTimers({
    now: typeof now === 'string' ? Date.parse(now) : now,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'nextTick',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
}
