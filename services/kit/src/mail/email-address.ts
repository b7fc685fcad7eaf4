import { domainToASCII } from 'node:url';

/** RFC 5321: at most 64 octets before the @ and 254 in all (a path of 256 less its brackets). */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/**
 * Characters a stored address never holds: controls (CR/LF could end a mail header), spaces,
 * and the quoting and list punctuation of mail headers. Quoted local parts are refused outright.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\s"<>()[\]\\,;:]/u;
/**
 * Characters nobody can see or type on purpose: format characters (zero-width spaces and joiners,
 * soft hyphens, bidi marks, U+2060…), controls, separators, private-use and unassigned code points.
 * They would make look-alike addresses, so they are refused rather than dropped.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;
const LOCAL_PART = /^[^@]+$/u;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type EmailVerdict = { ok: true; email: string } | { ok: false; reason: string };

/** U+200B, as people name a code point. */
function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The one form an address is stored and compared in: trimmed, NFC-normalised, the domain in its
 * ASCII (punycode) form, and the local part lower-cased too: RFC 5321 lets a server tell `Ann` from
 * `ann`, but no provider people use does, and one reader must not be two subscribers. Or why it is
 * not an address we can mail.
 */
export function normaliseEmail(raw: string): EmailVerdict {
  const email = raw.trim().normalize('NFC').toLowerCase();
  if (email.length === 0) return { ok: false, reason: 'email must not be empty' };
  const invisible = INVISIBLE.exec(email);
  if (invisible) {
    return {
      ok: false,
      reason: `email must not contain invisible, format or control characters (found ${codePoint(invisible[0])})`,
    };
  }
  if (FORBIDDEN.test(email)) {
    return {
      ok: false,
      reason: 'email must not contain spaces, control characters, quotes or < > ( ) [ ] , ; : \\',
    };
  }
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1 || email.indexOf('@') !== at) {
    return { ok: false, reason: 'email must be an e-mail address (name@example.com)' };
  }
  const local = email.slice(0, at);
  const domain = domainToASCII(email.slice(at + 1));
  const labels = domain.split('.');
  if (
    !LOCAL_PART.test(local) ||
    local.startsWith('.') ||
    local.endsWith('.') ||
    local.includes('..') ||
    domain === '' ||
    labels.length < 2 ||
    !labels.every((label) => DOMAIN_LABEL.test(label))
  ) {
    return { ok: false, reason: 'email must be an e-mail address (name@example.com)' };
  }
  const normalised = `${local}@${domain}`;
  if (Buffer.byteLength(local, 'utf8') > MAX_LOCAL_LENGTH) {
    return { ok: false, reason: `email must have at most ${MAX_LOCAL_LENGTH} bytes before the @` };
  }
  if (Buffer.byteLength(normalised, 'utf8') > MAX_EMAIL_LENGTH) {
    return { ok: false, reason: `email must be at most ${MAX_EMAIL_LENGTH} bytes long` };
  }
  return { ok: true, email: normalised };
}
