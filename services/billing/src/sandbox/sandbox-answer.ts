import { HTML_CONTENT_TYPE, type PassthroughReply } from '@probedge/kit';

/** 303 See Other to `location` with an empty body: a form post goes on to a page read with GET. */
export function seeOther(res: PassthroughReply, location: string): string {
  res.status(303);
  res.header('location', location);
  return '';
}

/**
 * A sandbox page with a form (checkout, portal), never cached. Its form posts back to this
 * service; under the default no-referrer policy the browser would send `Origin: null`, which the
 * gateway refuses as a foreign page.
 */
export function formPage(res: PassthroughReply, status: number, html: string): string {
  res.status(status);
  res.header('content-type', HTML_CONTENT_TYPE);
  res.header('cache-control', 'no-store');
  res.header('referrer-policy', 'same-origin');
  return html;
}
