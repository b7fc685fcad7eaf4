import { createHmac, timingSafeEqual } from 'node:crypto';

/** `<subscriber id as base64url>.<HMAC-SHA256 as base64url>`: 22 + 1 + 43 characters. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

const PURPOSE = 'newsletter-unsubscribe:';

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function mac(key: Buffer, id: string): Buffer {
  return createHmac('sha256', key)
    .update(PURPOSE + id)
    .digest();
}

/**
 * The unsubscribe link's token for one subscriber. It names the subscriber and is signed with the
 * site's key, so it needs no storage, never expires and cannot be made for someone else.
 */
export function signUnsubscribeToken(key: Buffer, subscriberId: string): string {
  return `${uuidBytes(subscriberId).toString('base64url')}.${mac(key, subscriberId).toString('base64url')}`;
}

/** The subscriber a well-formed token names, when its signature holds; otherwise null. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return null;
  const [idPart, macPart] = token.split('.') as [string, string];
  const idBytes = Buffer.from(idPart, 'base64url');
  if (idBytes.length !== 16) return null;
  const id = uuidOf(idBytes);
  // Compared as text: base64url's last character carries unused bits, so decoding first would
  // accept several spellings of one signature.
  const expected = Buffer.from(mac(key, id).toString('base64url'));
  const given = Buffer.from(macPart);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
