import { normaliseEmail } from './email-address';

describe('normaliseEmail', () => {
  it('lower-cases, trims and NFC-normalises an address', () => {
    expect(normaliseEmail('  Ann.Lee@Example.COM ')).toEqual({
      ok: true,
      email: 'ann.lee@example.com',
    });
    // "é" as e + combining accent becomes the single code point.
    expect(normaliseEmail('Re\u0301my@example.com')).toEqual({
      ok: true,
      email: 'r\u00e9my@example.com',
    });
  });

  it('keeps an internationalised domain in its ASCII form', () => {
    expect(normaliseEmail('ann@bücher.example')).toEqual({
      ok: true,
      email: 'ann@xn--bcher-kva.example',
    });
  });

  it.each([
    ['a CR/LF in a quoted local part', '"ann\r\nBcc: x@evil.example"@example.com'],
    ['a line feed', 'ann@example.com\nBcc: x@evil.example'],
    ['a NUL', 'ann\u0000@example.com'],
    ['a space', 'ann lee@example.com'],
    ['angle brackets', 'Ann <ann@example.com>'],
    ['a list', 'ann@example.com, bob@example.com'],
    ['no @', 'ann.example.com'],
    ['two @', 'ann@bob@example.com'],
    ['no domain dot', 'ann@localhost'],
    ['a leading dot', '.ann@example.com'],
    ['two dots', 'ann..lee@example.com'],
    ['a bad domain label', 'ann@-example.com'],
    ['empty', '   '],
  ])('refuses %s', (_, raw) => {
    expect(normaliseEmail(raw).ok).toBe(false);
  });

  it.each([
    ['a zero-width space', 'ann\u200b@example.com', 'U+200B'],
    ['a word joiner', 'ann@exa\u2060mple.com', 'U+2060'],
    ['a soft hyphen (a look-alike of ann@example.com)', 'an\u00adn@example.com', 'U+00AD'],
    ['a zero-width joiner in the domain', 'ann@exam\u200dple.com', 'U+200D'],
    ['a right-to-left override', 'ann\u202e@example.com', 'U+202E'],
    ['a byte-order mark inside', 'ann\ufeff@example.com', 'U+FEFF'],
    ['a tag character', 'ann\u{e0041}@example.com', 'U+E0041'],
    ['a C1 control', 'ann\u0085@example.com', 'U+0085'],
    ['an escape', 'ann\u001b@example.com', 'U+001B'],
    ['a line separator', 'ann\u2028@example.com', 'U+2028'],
    ['a private-use character', 'ann\ue000@example.com', 'U+E000'],
  ])('refuses %s, naming the code point', (_, raw, named) => {
    expect(normaliseEmail(raw)).toEqual({
      ok: false,
      reason: `email must not contain invisible, format or control characters (found ${named})`,
    });
  });

  it('trims surrounding white space but not invisible characters inside', () => {
    expect(normaliseEmail('\tann@example.com\u00a0')).toEqual({
      ok: true,
      email: 'ann@example.com',
    });
    expect(normaliseEmail('ann@example.com\u200b').ok).toBe(false);
  });

  it('lower-cases the local part too, so one reader is one subscriber', () => {
    expect(normaliseEmail('ANN@example.com')).toEqual(normaliseEmail('ann@EXAMPLE.com'));
  });

  it('refuses a local part over 64 bytes and an address over 254 bytes', () => {
    expect(normaliseEmail(`${'a'.repeat(65)}@example.com`)).toEqual({
      ok: false,
      reason: 'email must have at most 64 bytes before the @',
    });
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example`;
    expect(normaliseEmail(long)).toEqual({
      ok: false,
      reason: 'email must be at most 254 bytes long',
    });
    const fits = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(fits).toHaveLength(254);
    expect(normaliseEmail(fits).ok).toBe(true);
  });
});
