import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

/** SWR data the build rendered this page with, so hydration starts from the same state. */
function prerenderedData(): Record<string, unknown> {
  const script = document.getElementById('swr-fallback');
  if (!script?.textContent) return {};
  try {
    return JSON.parse(script.textContent) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const app = (fallback: Record<string, unknown>) => (
  <StrictMode>
    <App swrConfig={{ fallback }} />
  </StrictMode>
);

/**
 * React manages <head> from here on. The build's title and meta stay until React has put in its
 * own (after the page's lazy chunk loads), so the document is never without a title.
 */
function handHeadToReact(): void {
  const handOver = () => {
    if (!document.head.querySelector('title:not([data-static])')) return false;
    for (const element of document.head.querySelectorAll('[data-static]')) element.remove();
    return true;
  };
  if (handOver()) return;
  const observer = new MutationObserver(() => {
    if (handOver()) observer.disconnect();
  });
  observer.observe(document.head, { childList: true });
}

handHeadToReact();

// A page prerendered for this very path is hydrated; any other (a new slug, a personal page)
// renders from scratch over the app shell.
if (container.dataset.prerenderedPath === window.location.pathname) {
  hydrateRoot(container, app(prerenderedData()));
} else {
  container.replaceChildren();
  createRoot(container).render(app({}));
}
