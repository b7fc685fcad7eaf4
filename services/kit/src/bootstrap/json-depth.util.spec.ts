import { jsonDepthExceeds } from './json-depth.util';

const nestedObjects = (depth: number) =>
  JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
const nestedArrays = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('jsonDepthExceeds', () => {
  it('accepts scalars, flat bodies and nesting up to the limit', () => {
    expect(jsonDepthExceeds(undefined, 3)).toBe(false);
    expect(jsonDepthExceeds('text', 3)).toBe(false);
    expect(jsonDepthExceeds({ email: 'a@b.co', tier: 'professional' }, 3)).toBe(false);
    expect(jsonDepthExceeds(nestedObjects(3), 3)).toBe(false);
    expect(jsonDepthExceeds(nestedArrays(3), 3)).toBe(false);
  });

  it('refuses objects or arrays one level past the limit, wherever the deep branch is', () => {
    expect(jsonDepthExceeds(nestedObjects(4), 3)).toBe(true);
    expect(jsonDepthExceeds(nestedArrays(4), 3)).toBe(true);
    expect(jsonDepthExceeds({ a: 1, b: [2, { c: [[]] }] }, 3)).toBe(true);
  });

  it('walks bodies far deeper than the call stack allows', () => {
    expect(jsonDepthExceeds(nestedArrays(100_000), 64)).toBe(true);
  });
});
