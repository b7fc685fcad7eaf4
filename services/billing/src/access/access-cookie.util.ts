import { createHash, randomBytes } from 'node:crypto';
import type { CookieOptions } from 'express';

const BASE_COOKIE_NAME = 'probedge_access';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface AccessCookie {
  name: string;
  options: CookieOptions;
}

/** On https the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain. */
export function accessCookie(publicUrl: string, maxAgeDays: number): AccessCookie {
  const secure = new URL(publicUrl).protocol === 'https:';
  return {
    name: secure ? `__Host-${BASE_COOKIE_NAME}` : BASE_COOKIE_NAME,
    options: {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: maxAgeDays * 24 * 60 * 60 * 1000,
    },
  };
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
