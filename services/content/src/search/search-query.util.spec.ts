import { SEARCH_LIMITS } from '@probedge/proto';
import { checkSearchQuery, cleanSearchQuery, QUERY_MESSAGE } from './search-query.util';

describe('cleanSearchQuery', () => {
  it('trims the ends and keeps the inside as typed', () => {
    expect(cleanSearchQuery('  position  sizing ')).toBe('position  sizing');
  });

  it('turns every control character, NUL and DEL included, into a space before trimming', () => {
    expect(cleanSearchQuery('\u0000risk\u0001of\tru\nin\u001f\u007f')).toBe('risk of ru in');
    expect(cleanSearchQuery('\u0000\u0000')).toBe('');
  });

  it('leaves other characters alone: quotes, operators, emoji and right-to-left text', () => {
    const text = `"kelly" -ruin & | ! :* () <> 'x' \\ 📈 שלום`;
    expect(cleanSearchQuery(text)).toBe(text);
  });
});

describe('checkSearchQuery', () => {
  it('accepts a query within the limits and gives it cleaned', () => {
    expect(checkSearchQuery('\u0000 kelly ')).toEqual({ ok: true, query: 'kelly' });
    expect(checkSearchQuery('ab')).toEqual({ ok: true, query: 'ab' });
    expect(checkSearchQuery('x'.repeat(SEARCH_LIMITS.maxQuery))).toMatchObject({ ok: true });
  });

  it('refuses a missing query, saying it is required', () => {
    expect(checkSearchQuery(undefined)).toEqual({
      ok: false,
      reason: `q is required; ${QUERY_MESSAGE}`,
    });
  });

  it('refuses a repeated or structured parameter', () => {
    expect(checkSearchQuery(['ab', 'cd'])).toEqual({
      ok: false,
      reason: 'q must be given once, as text',
    });
    expect(checkSearchQuery({ a: 'b' })).toMatchObject({ ok: false });
  });

  it('counts the length after cleaning', () => {
    expect(checkSearchQuery('a')).toEqual({ ok: false, reason: QUERY_MESSAGE });
    expect(checkSearchQuery('  a\u0000\n')).toEqual({ ok: false, reason: QUERY_MESSAGE });
    expect(checkSearchQuery(`  ${'x'.repeat(SEARCH_LIMITS.maxQuery)}  `)).toMatchObject({
      ok: true,
    });
    expect(checkSearchQuery('x'.repeat(SEARCH_LIMITS.maxQuery + 1))).toEqual({
      ok: false,
      reason: QUERY_MESSAGE,
    });
  });

  it('counts an emoji as one character', () => {
    expect(checkSearchQuery('📈📉')).toMatchObject({ ok: true });
    expect(checkSearchQuery('📈')).toMatchObject({ ok: false });
    expect(checkSearchQuery('📈'.repeat(SEARCH_LIMITS.maxQuery))).toMatchObject({ ok: true });
  });
});
