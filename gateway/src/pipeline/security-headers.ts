import type { ServerResponse } from 'node:http';
import { headersSetBy, type HeaderPairs } from '@probedge/kit';
import helmet from 'helmet';

/** Provider token of the security headers every gateway answer carries. */
export const SECURITY_HEADERS = Symbol('SECURITY_HEADERS');

/** One policy for the web build and the docs: every script and style comes from this origin. */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // styled-components injects <style> tags at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * Helmet's headers with our policy, worked out once: they are the same for every request, so each
 * answer only copies them.
 */
export function securityHeaders(): HeaderPairs {
  return headersSetBy(
    helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, xFrameOptions: { action: 'deny' } }),
  );
}

export function setHeaders(res: ServerResponse, headers: HeaderPairs): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
