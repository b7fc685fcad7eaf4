/** Query parameters that only track the click, never change the page. */
const TRACKING_PARAMS = /^(utm_[a-z0-9_]*|fbclid|gclid|mc_cid|mc_eid)$/i;

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Absolute http(s) URL resolved against the feed's own URL, or undefined. */
export function resolveHttpUrl(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The identity of an article across sources: lower-case host (URL does it), no default port,
 * no fragment, no tracking parameters.
 */
export function canonicalUrl(value: string): string {
  const url = new URL(value);
  url.hash = '';
  // Most links carry no query: their parameters are never built ("a?" loses its "?").
  if (url.search === '') {
    url.search = '';
    return url.href;
  }
  for (const key of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
  }
  if (url.searchParams.size === 0) url.search = '';
  return url.href;
}
