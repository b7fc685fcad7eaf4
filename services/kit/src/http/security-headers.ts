import helmet from 'helmet';
import { headersSetBy, type HeaderPairs } from './fixed-headers';

/**
 * One policy for every answer of the platform, the gateway's pages and each service's answers
 * alike: every script and style comes from this origin, and no page may be framed.
 */
const CONTENT_SECURITY_POLICY = {
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
 * Helmet's headers with that policy, worked out once: they are the same for every answer, so each
 * only copies them. An answer may still set one of its own (a form page its referrer policy).
 */
export function securityHeaders(): HeaderPairs {
  return headersSetBy(
    helmet({ contentSecurityPolicy: CONTENT_SECURITY_POLICY, xFrameOptions: { action: 'deny' } }),
  );
}
