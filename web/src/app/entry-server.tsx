import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders } from './app';
import { AppRoutes } from './router';

export interface RenderedPage {
  /** <title>, <meta> and <link> elements React hoists out of the page, for <head>. */
  head: string;
  /** The app's markup, for #root. */
  body: string;
  /** The styled-components rules the page uses, as <style> tags for <head>. */
  styles: string;
}

const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

/** Splits React's leading hoisted elements from the markup that goes into #root. */
export function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  let head = '';
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

function tree(url: string, fallback: Record<string, unknown>) {
  return (
    <StrictMode>
      <AppProviders swrConfig={{ fallback }}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Build-time rendering of one page (used by scripts/prerender.mjs). Waits for lazy routes;
 * `fallback` holds the SWR data the page shows, keyed like the client's cache.
 */
export async function renderPage(
  url: string,
  fallback: Record<string, unknown>,
): Promise<RenderedPage> {
  const sheet = new ServerStyleSheet();
  try {
    // React outlines large boundaries (a fallback plus inline scripts that swap the content in
    // later); the CSP blocks those scripts and crawlers may not run them, so nothing is outlined.
    const { prelude } = await prerender(sheet.collectStyles(tree(url, fallback)), {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
    const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
    return { ...splitHoisted(html), styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

export { unstable_serialize as swrKey } from 'swr';
// The keys the prerendered pages' data is stored under: the very ones the pages ask for.
export { contentItemKey, contentListKey } from '../features/content/api/get-content';
export { faqKey } from '../features/faq/api/get-faq';
