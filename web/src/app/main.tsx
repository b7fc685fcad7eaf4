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

// React manages <head> from here on; the build's title and meta would otherwise be duplicated.
for (const element of document.head.querySelectorAll('[data-static]')) element.remove();

// A page prerendered for this very path is hydrated; any other (a new slug, a personal page)
// renders from scratch over the app shell.
if (container.dataset.prerenderedPath === window.location.pathname) {
  hydrateRoot(container, app(prerenderedData()));
} else {
  container.replaceChildren();
  createRoot(container).render(app({}));
}
