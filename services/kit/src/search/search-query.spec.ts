import { SEARCH_LIMITS } from '@probedge/proto';
import {
  cleanSearchQuery,
  SEARCH_LIMIT_PATTERN,
  SEARCH_QUERY_MESSAGE,
  searchQueryProblem,
} from './search-query';

describe('cleanSearchQuery', () => {
  it('trims the ends', () => {
    expect(cleanSearchQuery('  interest rates \n')).toBe('interest rates');
  });

  it('turns every control character into a space, NUL included', () => {
    const controls = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).join('');
    expect(cleanSearchQuery(`a${controls}b\u007fc`)).toBe('a b c');
    expect(cleanSearchQuery('zephy\u0000rite')).toBe('zephy rite');
  });

  it('leaves other text alone: quotes, operators, emoji, right-to-left', () => {
    for (const text of [`"a" -b or c`, `'; drop table articles; --`, '📈 bull', 'שלום', '\\x']) {
      expect(cleanSearchQuery(text)).toBe(text);
    }
  });

  it('counts a run of spaces, of any kind, as one space', () => {
    expect(cleanSearchQuery('interest   rates\t\u00a0 cut')).toBe('interest rates cut');
  });

  it('trims Unicode spaces too', () => {
    expect(cleanSearchQuery('\u00a0\u2003copper\u3000')).toBe('copper');
  });
});

describe('searchQueryProblem', () => {
  it('accepts the shortest and the longest query', () => {
    expect(searchQueryProblem('ab')).toBeUndefined();
    expect(searchQueryProblem('a'.repeat(SEARCH_LIMITS.maxQuery))).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(searchQueryProblem('📈'.repeat(SEARCH_LIMITS.maxQuery))).toBeUndefined();
    expect(searchQueryProblem('📈')).toBe(SEARCH_QUERY_MESSAGE);
  });

  it('refuses a query too short or too long', () => {
    expect(searchQueryProblem('')).toBe(SEARCH_QUERY_MESSAGE);
    expect(searchQueryProblem('a')).toBe(SEARCH_QUERY_MESSAGE);
    expect(searchQueryProblem('a'.repeat(SEARCH_LIMITS.maxQuery + 1))).toBe(SEARCH_QUERY_MESSAGE);
    expect(SEARCH_QUERY_MESSAGE).toBe('q must be 2 to 200 characters long after trimming');
  });

  it('says a missing query is required, and a repeated one is not text', () => {
    expect(searchQueryProblem(undefined)).toBe('q is required: 2 to 200 characters to search for');
    expect(searchQueryProblem(['a', 'b'])).toBe('q must be given once, as text');
  });
});

describe('SEARCH_LIMIT_PATTERN', () => {
  it('takes 1 to 50 written plainly, nothing else', () => {
    for (const ok of ['1', '9', '10', '42', '50']) expect(SEARCH_LIMIT_PATTERN.test(ok)).toBe(true);
    for (const bad of ['0', '51', '05', '1e1', '12.0', ' 5', '0x10', '-1', '']) {
      expect(SEARCH_LIMIT_PATTERN.test(bad)).toBe(false);
    }
  });
});
