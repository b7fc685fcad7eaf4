import { escapeHtml } from '../mail/mailer';

/** The content type of the pages below, as Express's res.type('html') set it. */
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

export interface HtmlPageParts {
  /** Plain text; escaped here. */
  title: string;
  /** Trusted CSS written by the service. */
  styles: string;
  /** Trusted markup of the body, escaped by its author. */
  body: string;
}

/**
 * The small server-rendered pages the services answer themselves (newsletter confirmation, the
 * billing sandbox): one head for all of them, with the site's icon (otherwise the browser asks for
 * /favicon.ico and logs its 404) and no indexing.
 */
export function htmlPage({ title, styles, body }: HtmlPageParts): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)}</title>
<style>
${styles.trim()}
</style>
</head>
<body>
${body.trim()}
</body>
</html>
`;
}
