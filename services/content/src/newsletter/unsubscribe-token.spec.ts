import { randomBytes, randomUUID } from 'node:crypto';
import {
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_PATTERN,
  verifyUnsubscribeToken,
} from './unsubscribe-token';

describe('unsubscribe tokens', () => {
  const key = randomBytes(32);
  const id = randomUUID();

  it('name the subscriber they were made for', () => {
    const token = signUnsubscribeToken(key, id);
    expect(token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
    expect(verifyUnsubscribeToken(key, token)).toBe(id);
  });

  it('are refused under another key', () => {
    expect(verifyUnsubscribeToken(randomBytes(32), signUnsubscribeToken(key, id))).toBeNull();
  });

  it('cannot be moved to another subscriber', () => {
    const [, signature] = signUnsubscribeToken(key, id).split('.');
    const [otherId] = signUnsubscribeToken(key, randomUUID()).split('.');
    expect(verifyUnsubscribeToken(key, `${otherId}.${signature}`)).toBeNull();
  });

  it('refuses every other spelling of the signature, even one that decodes to the same bytes', () => {
    const token = signUnsubscribeToken(key, id);
    const last = token.at(-1)!;
    // The last of 43 base64url characters holds 4 bits of the signature and 2 zero bits, so the
    // next character of the alphabet decodes to the very same bytes.
    expect('AEIMQUYcgkosw048').toContain(last);
    const sameBytes = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(Buffer.from(token.slice(-43).slice(0, -1) + sameBytes, 'base64url')).toEqual(
      Buffer.from(token.slice(-43), 'base64url'),
    );
    expect(verifyUnsubscribeToken(key, token.slice(0, -1) + sameBytes)).toBeNull();
    const first = token.indexOf('.') + 1;
    const flipped = token[first] === 'A' ? 'B' : 'A';
    expect(
      verifyUnsubscribeToken(key, token.slice(0, first) + flipped + token.slice(first + 1)),
    ).toBeNull();
  });

  it('refuses malformed input without throwing', () => {
    for (const token of [
      '',
      'x',
      `${'A'.repeat(22)}.${'B'.repeat(42)}`,
      'a.b.c',
      '\u0000'.repeat(66),
    ]) {
      expect(verifyUnsubscribeToken(key, token)).toBeNull();
    }
  });
});
