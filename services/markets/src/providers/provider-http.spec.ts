import { toNumber } from './provider-http';

describe('toNumber', () => {
  it.each([
    [42, 42],
    [-1.25, -1.25],
    [0, 0],
    ['185.64000', 185.64],
    ['-0.53', -0.53],
    [' 12 ', 12],
    ['1e3', 1_000],
  ])('reads %j as %d', (value, expected) => {
    expect(toNumber(value)).toBe(expected);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an empty string', ''],
    ['a blank string', '  '],
    ['text', 'n/a'],
    ['"Infinity"', 'Infinity'],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { value: 1 }],
    ['an array', [1]],
  ])('gives null for %s', (_label, value) => {
    expect(toNumber(value)).toBeNull();
  });
});
