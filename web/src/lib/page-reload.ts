/**
 * Full page reload behind an object, because jsdom's `window.location` cannot be redefined or
 * spied on; tests spy on `pageReload.reload` instead.
 */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
