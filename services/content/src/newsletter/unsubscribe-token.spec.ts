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
