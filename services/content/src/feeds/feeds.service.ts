import { Inject, Injectable } from '@nestjs/common';
import { renderAtomFeed, type AtomEntry } from '@probedge/kit';
import {
  categoryLabel,
  SITE_FEEDS,
  siteFeedTitle,
  toolDirective,
  toolPage,
  type ContentKind,
  type SiteFeed,
} from '@probedge/proto';
import MarkdownIt from 'markdown-it';
import { ContentCache } from '../cache/content-cache';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ContentRepository, type ContentFeedRow } from '../content/content.repository';

/** Entries per feed: the newest ones. */
export const FEED_ENTRIES = 50;

interface FeedKind {
  feed: SiteFeed;
  /** The site's list page, and the prefix of each item's page. */
  listPath: string;
  itemPath: string;
  subtitle: string;
}

const KINDS: Record<ContentKind, FeedKind> = {
  guide: {
    feed: 'guides',
    listPath: '/guides',
    itemPath: '/guide/',
    subtitle: 'Educational trading guides: probability, risk management, position sizing and more.',
  },
  blog: {
    feed: 'blogs',
    listPath: '/blogs',
    itemPath: '/blog/',
    subtitle:
      'Articles on trading psychology, market analysis, technical patterns, options and crypto, written as education.',
  },
};

// Raw HTML in an article stays text: a feed reader shows the content as the site's own markup.
const markdown = new MarkdownIt('default', { html: false, linkify: false });
const renderFence = markdown.renderer.rules.fence!;
// A live tool cannot run in a feed reader: the entry links to the tool's page with the article's figures.
markdown.renderer.rules.fence = (
  tokens,
  index,
  options,
  env: Partial<FeedEnv> | undefined,
  self,
) => {
  const token = tokens[index]!;
  const tool = toolDirective(token.info, token.content);
  if (!tool) return renderFence(tokens, index, options, env, self);
  const href = markdown.utils.escapeHtml(
    `${env?.origin ?? ''}${toolPage(tool.slug)}?${new URLSearchParams(tool.inputs).toString()}`,
  );
  return `<p><a href="${href}">Run this calculator on your own numbers</a></p>\n`;
};

interface FeedEnv extends MarkdownIt.Env {
  /** The site's origin, for the links to its tools. */
  origin: string;
}

/** Before any item exists: a fixed instant, so every replica writes the same empty feed. */
const NEVER_UPDATED = new Date(0);

@Injectable()
export class FeedsService {
  private readonly origin: string;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly repository: ContentRepository,
    private readonly cache: ContentCache,
  ) {
    this.origin = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /** The Atom document of the newest guides or blogs, kept as long as the lists are. */
  feed(kind: ContentKind): Promise<string> {
    return this.cache.remember(`feed:${kind}`, async () =>
      this.render(kind, await this.repository.newest(kind, FEED_ENTRIES)),
    );
  }

  private render(kind: ContentKind, rows: ContentFeedRow[]): string {
    const { feed, listPath, subtitle } = KINDS[kind];
    const self = `${this.origin}${SITE_FEEDS[feed].path}`;
    const entries = rows.map((row) => this.entry(kind, row));
    return renderAtomFeed({
      id: self,
      title: siteFeedTitle(feed, this.config.BRAND_NAME),
      subtitle,
      selfUrl: self,
      alternateUrl: `${this.origin}${listPath}`,
      updated: entries[0]?.updated ?? NEVER_UPDATED,
      authorName: this.config.BRAND_NAME,
      entries,
    });
  }

  /** The page's address is the entry's id: it is the item's canonical URL and never changes. */
  private entry(kind: ContentKind, row: ContentFeedRow): AtomEntry {
    const url = `${this.origin}${KINDS[kind].itemPath}${encodeURIComponent(row.slug)}`;
    return {
      id: url,
      title: row.title,
      url,
      // The site shows this date as the article's "Updated" date; the files carry no other.
      published: row.createdAt,
      updated: row.createdAt,
      summary: row.description,
      contentHtml: markdown.render(row.content, { origin: this.origin } satisfies FeedEnv),
      categories: [{ term: row.category, label: categoryLabel(row.category) }],
    };
  }
}
