import { createHash, randomBytes } from 'node:crypto';

/** The purchase cookie: access bound to the customer whose checkout this browser completed. */
export const ACCESS_COOKIE_NAME = 'probedge_access';
/** The member session: access that follows a signed-in e-mail address. */
export const MEMBER_COOKIE_NAME = 'probedge_member';
/** Binds a checkout to the browser that started it, until it is activated there. */
export const CHECKOUT_COOKIE_NAME = 'probedge_checkout';
/** Marks the browser that asked for a sign-in link. */
export const SIGN_IN_COOKIE_NAME = 'probedge_sign_in';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How a cookie is set; maxAge in milliseconds (sent as Max-Age in seconds and as Expires). */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax';
  secure: boolean;
  path: string;
  maxAge: number;
}

export interface AccessCookie {
  name: string;
  options: CookieOptions;
}

/**
 * An httpOnly, SameSite=Lax cookie for the whole site. On https the __Host- prefix makes the
 * browser insist on Secure, Path=/ and no Domain.
 */
function browserCookie(baseName: string, publicUrl: string, maxAgeMs: number): AccessCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return {
    name: secure ? `__Host-${baseName}` : baseName,
    options: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: maxAgeMs },
  };
}

export function accessCookie(publicUrl: string, maxAgeDays: number): AccessCookie {
  return browserCookie(ACCESS_COOKIE_NAME, publicUrl, maxAgeDays * DAY_MS);
}

export function memberCookie(publicUrl: string, maxAgeDays: number): AccessCookie {
  return browserCookie(MEMBER_COOKIE_NAME, publicUrl, maxAgeDays * DAY_MS);
}

/** Binds the sign-in links a browser asks for to it, for as long as a link works. */
export function signInCookie(publicUrl: string, minutes: number): AccessCookie {
  return browserCookie(SIGN_IN_COOKIE_NAME, publicUrl, minutes * 60_000);
}

/** As long as a Stripe Checkout session can be paid (24 hours by default). */
export function checkoutCookie(publicUrl: string): AccessCookie {
  return browserCookie(CHECKOUT_COOKIE_NAME, publicUrl, DAY_MS);
}

/** 256 random bits, URL-safe; only its hash is stored. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isWellFormedToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN_PATTERN.test(value);
}

/** The value of one cookie from a Cookie header; malformed pairs are skipped. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index === -1) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
