/** A tab opened during the click and sent to its address once that address is known. */
export interface PendingTab {
  /** Sends the tab to `url`, cut off from this page; in this tab when the browser refused a new one. */
  go(url: string): void;
  /** Closes the tab (nothing to show after all). */
  close(): void;
}

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
  /**
   * Opens an empty tab at once, inside the user's click: popup blockers (Safari's above all) refuse a
   * new tab opened after an awaited request, and the checkout address comes from one.
   */
  openPending(): PendingTab {
    const tab = window.open('', '_blank');
    return {
      go(url: string) {
        if (!tab || tab.closed) {
          browserWindow.assign(url);
          return;
        }
        // What noopener does for a tab opened straight at its address: no way back to this page.
        tab.opener = null;
        tab.location.replace(url);
      },
      close() {
        tab?.close();
      },
    };
  },
};
