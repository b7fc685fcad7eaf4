import MarkdownIt from 'markdown-it';
import type { Env, MarkdownIt as MarkdownParser, Token } from 'markdown-it';
import { toolDirective, type ToolDirective } from '@probedge/proto';

/** A section heading of an article, for its table of contents. */
export interface ArticleHeading {
  id: string;
  text: string;
  level: number;
}

/** A stretch of an article: safe HTML, or a live tool the page renders in its place. */
export type ArticlePart = { html: string } | { tool: ToolDirective };

export interface RenderedArticle {
  /** Safe HTML: only the elements the allow-list below lets through. */
  html: string;
  /**
   * The same article in order, with each tool directive (```tool <slug>) apart from the HTML when
   * `embedTools` is asked for; otherwise one HTML part, the directive shown as its code.
   */
  parts: ArticlePart[];
  headings: ArticleHeading[];
  /** Reading time at 220 words a minute, at least 1. */
  minutes: number;
}

const WORDS_PER_MINUTE = 220;

/**
 * The token types an article may contain: CommonMark blocks and inlines plus GFM tables and
 * strikethrough. Raw HTML is off in the parser, and anything else (an image, a plugin's token) is
 * turned into its plain text, so the output holds only these elements and their own attributes.
 */
const ALLOWED = new Set([
  'paragraph_open',
  'paragraph_close',
  'heading_open',
  'heading_close',
  'bullet_list_open',
  'bullet_list_close',
  'ordered_list_open',
  'ordered_list_close',
  'list_item_open',
  'list_item_close',
  'blockquote_open',
  'blockquote_close',
  'code_block',
  'fence',
  'hr',
  'table_open',
  'table_close',
  'thead_open',
  'thead_close',
  'tbody_open',
  'tbody_close',
  'tr_open',
  'tr_close',
  'th_open',
  'th_close',
  'td_open',
  'td_close',
  'inline',
  'text',
  'softbreak',
  'hardbreak',
  'strong_open',
  'strong_close',
  'em_open',
  'em_close',
  's_open',
  's_close',
  'code_inline',
  'link_open',
  'link_close',
]);

/** Attributes the renderer may write, per element; markdown-it adds no others for these tokens. */
const ALLOWED_ATTRIBUTES = new Set(['href', 'title', 'id', 'style', 'start', 'rel', 'target']);

function plainText(token: Token): string {
  return token.children?.map(plainText).join('') ?? token.content;
}

function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  return slug || 'section';
}

function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

function allowListed(tokens: Token[], makeText: (content: string) => Token): Token[] {
  return tokens.map((token) => {
    if (!ALLOWED.has(token.type)) return makeText(plainText(token));
    if (token.children) token.children = allowListed(token.children, makeText);
    token.attrs = token.attrs?.filter(([name]) => ALLOWED_ATTRIBUTES.has(name)) ?? null;
    return token;
  });
}

function articleRule(parser: MarkdownParser): void {
  parser.core.ruler.push('probedge_article', (state) => {
    const makeText = (content: string) => {
      const token = new state.Token('text', '', 0);
      token.content = content;
      return token;
    };
    state.tokens = allowListed(state.tokens, makeText);

    const env = state.env as RenderEnv;
    const used = new Map<string, number>();
    const headings: ArticleHeading[] = [];
    state.tokens.forEach((token, index) => {
      if (token.type === 'heading_open' || token.type === 'heading_close') {
        // The page's title is the only h1: article headings start at h2 (or lower, inside a panel).
        const level = Math.min(6, Math.max(env.firstLevel, Number(token.tag.slice(1))));
        token.tag = `h${level}`;
        if (token.type === 'heading_close') return;
        const text = plainText(state.tokens[index + 1]!).trim();
        const base = slugify(text);
        const seen = used.get(base) ?? 0;
        used.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        token.attrSet('id', id);
        headings.push({ id, text, level });
      }
      for (const child of token.children ?? []) {
        const href = child.type === 'link_open' ? String(child.attrGet('href') ?? '') : '';
        if (isExternal(href)) {
          // Another site: a new tab that cannot reach back into this one.
          child.attrSet('target', '_blank');
          child.attrSet('rel', 'noopener noreferrer');
        }
      }
    });
    env.headings = headings;
  });
}

function createParser(breaks: boolean): MarkdownParser {
  const parser = new MarkdownIt('default', {
    html: false,
    linkify: false,
    typographer: false,
    breaks,
  });
  articleRule(parser);
  return parser;
}

const articleParser = createParser(false);
/** Generated daily texts keep each line break as written. */
const insightParser = createParser(true);

export interface RenderOptions {
  /** Keep single line breaks (the daily analysis and opinion), not only blank-line paragraphs. */
  keepLineBreaks?: boolean;
  /** The highest heading level the text may use: 2 on an article page, 3 inside a titled panel. */
  firstHeadingLevel?: number;
  /** Give tool directives back as parts of their own (guides and blogs), for the page to render live. */
  embedTools?: boolean;
}

/** What one render passes to the article rule and gets back from it (markdown-it's env). */
interface RenderEnv extends Env {
  firstLevel: number;
  headings?: ArticleHeading[];
}

/** Guide, blog and daily-insight Markdown (CommonMark + GFM tables) as safe, structured HTML. */
export function renderArticle(markdown: string, options: RenderOptions = {}): RenderedArticle {
  const env: RenderEnv = { firstLevel: options.firstHeadingLevel ?? 2 };
  const parser = options.keepLineBreaks ? insightParser : articleParser;
  const tokens = parser.parse(markdown, env);
  const render = (stretch: Token[]) => parser.renderer.render(stretch, parser.options, env);
  const parts: ArticlePart[] = [];
  let stretch: Token[] = [];
  for (const token of tokens) {
    const tool =
      options.embedTools && token.type === 'fence'
        ? toolDirective(token.info, token.content)
        : undefined;
    if (!tool) {
      stretch.push(token);
      continue;
    }
    if (stretch.length) parts.push({ html: render(stretch) });
    parts.push({ tool });
    stretch = [];
  }
  if (stretch.length || parts.length === 0) parts.push({ html: render(stretch) });
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return {
    html: parts.map((part) => ('html' in part ? part.html : '')).join(''),
    parts,
    headings: env.headings ?? [],
    minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}
