/**
 * Navigation and new windows behind an object, because jsdom's `window.location` cannot be
 * redefined; tests spy on these methods instead.
 */
export const browserWindow = {
  /** Leaves the app for another address in the same tab. */
  assign(url: string): void {
    window.location.assign(url);
  },
  open(url: string, target: string, features: string): void {
    window.open(url, target, features);
  },
};
