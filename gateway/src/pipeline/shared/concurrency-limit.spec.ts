import { ConcurrencyLimit } from './concurrency-limit';

describe('ConcurrencyLimit', () => {
  it('admits up to the bound per client and again once one has left', () => {
    const limit = new ConcurrencyLimit(2);
    expect(limit.enter('a')).toBe(true);
    expect(limit.enter('a')).toBe(true);
    expect(limit.enter('a')).toBe(false);
    expect(limit.enter('b')).toBe(true);
    limit.leave('a');
    expect(limit.count('a')).toBe(1);
    expect(limit.enter('a')).toBe(true);
  });

  it('forgets a client with nothing under way', () => {
    const limit = new ConcurrencyLimit(1);
    limit.enter('a');
    limit.leave('a');
    limit.leave('a');
    expect(limit.count('a')).toBe(0);
    expect(limit.enter('a')).toBe(true);
  });
});
