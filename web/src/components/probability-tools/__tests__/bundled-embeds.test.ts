import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderArticle } from '../../../lib/markdown';
import { toolOf } from '../tool-definitions';
import { readInputs, startingInputs } from '../tool-inputs';

const CONTENT = path.join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  '..',
  'services',
  'content',
  'content',
);

/** Every bundled guide and blog with the tools it embeds, as the site renders it. */
function bundledEmbeds() {
  return ['guides', 'blogs'].flatMap((folder) =>
    readdirSync(path.join(CONTENT, folder))
      .filter((file) => file.endsWith('.md'))
      .map((file) => {
        const markdown = readFileSync(path.join(CONTENT, folder, file), 'utf8');
        const { parts } = renderArticle(markdown, { embedTools: true });
        return {
          article: `${folder}/${file}`,
          markdown,
          tools: parts.flatMap((part) => ('tool' in part ? [part.tool] : [])),
        };
      }),
  );
}

describe('tools embedded in the bundled articles', () => {
  const articles = bundledEmbeds();

  it('each names a tool, only its inputs and usable figures, and gives a result', () => {
    const embeds = articles.flatMap(({ article, tools }) =>
      tools.map((directive) => ({ article, directive })),
    );
    expect(embeds.length).toBeGreaterThan(0);
    for (const { article, directive } of embeds) {
      const tool = toolOf(directive.slug)!;
      const { raw, problems } = startingInputs(tool, directive.inputs);
      expect({ article, problems, unreadable: directive.unreadable }).toEqual({
        article,
        problems: [],
        unreadable: [],
      });
      const read = readInputs(tool, raw);
      expect({ article, problems: read.problems }).toEqual({ article, problems: {} });
      expect({ article, ok: tool.compute(read.values).ok }).toEqual({ article, ok: true });
    }
  });

  it('no block that looks like a tool is left as code (a misspelt tool name)', () => {
    for (const { article, markdown, tools } of articles) {
      const written = markdown.match(/^```tool\b/gm)?.length ?? 0;
      expect({ article, embedded: tools.length }).toEqual({ article, embedded: written });
    }
  });

  it('the guides on Kelly, position sizing, risk and correlation carry their tools', () => {
    const toolsOf = (article: string) =>
      articles.find((candidate) => candidate.article === article)?.tools.map((tool) => tool.slug);
    expect(toolsOf('guides/fixed-fractional-vs-kelly-position-sizing.md')).toEqual([
      'position-size',
      'kelly',
    ]);
    expect(toolsOf('guides/risk-of-ruin-and-maximum-drawdown.md')).toEqual([
      'risk-of-ruin',
      'drawdown',
    ]);
    expect(toolsOf('guides/correlation-and-portfolio-heat.md')).toEqual(['diversification']);
  });
});
