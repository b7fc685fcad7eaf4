import type { SecuritySchemeObject } from '@nestjs/swagger';
import { ACCESS_COOKIE_NAME, CHECKOUT_COOKIE_NAME, MEMBER_COOKIE_NAME } from './access-cookie.util';

/** The purchase cookie, as operations name it in @ApiSecurity. */
export const ACCESS_COOKIE_SCHEME = 'accessCookie';
/** The member session cookie. */
export const MEMBER_SESSION_SCHEME = 'memberSession';
/** The checkout cookie. */
export const CHECKOUT_COOKIE_SCHEME = 'checkoutCookie';

const HTTPS_NAME = 'httpOnly; on an https site the name starts with __Host-';

/** The browser's credentials of billing, for the API document. Browsers send them by themselves. */
export const BILLING_SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  [ACCESS_COOKIE_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE_NAME,
    description: `The purchase cookie: access to the subscription this browser paid for, set by POST /api/activate-subscription (${HTTPS_NAME}).`,
  },
  [MEMBER_SESSION_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: MEMBER_COOKIE_NAME,
    description: `The member session: access that follows a signed-in e-mail address, set by POST /api/members/sign-in/confirm (${HTTPS_NAME}).`,
  },
  [CHECKOUT_COOKIE_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: CHECKOUT_COOKIE_NAME,
    description: `Binds a checkout to the browser that started it, set by POST /api/create-checkout-session (${HTTPS_NAME}).`,
  },
};
