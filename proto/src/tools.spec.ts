import { toolDirective } from './tools';

describe('toolDirective', () => {
  it('reads the tool and its starting figures from a fenced block', () => {
    expect(toolDirective('tool kelly', 'winProbability: 55\n\nodds:1.5\n')).toEqual({
      slug: 'kelly',
      inputs: { winProbability: '55', odds: '1.5' },
      unreadable: [],
    });
    expect(toolDirective('  tool   drawdown ', '')).toEqual({
      slug: 'drawdown',
      inputs: {},
      unreadable: [],
    });
  });

  it('keeps lines it cannot read for the content checks', () => {
    expect(toolDirective('tool kelly', 'odds = 2\n: 3')?.unreadable).toEqual(['odds = 2', ': 3']);
  });

  it('is no directive for other code blocks or an unknown tool', () => {
    expect(toolDirective('ts', 'const a = 1;')).toBeUndefined();
    expect(toolDirective('tool', 'odds: 1')).toBeUndefined();
    expect(toolDirective('tool no-such-tool', 'odds: 1')).toBeUndefined();
    expect(toolDirective('tool kelly extra', 'odds: 1')).toBeUndefined();
  });
});
