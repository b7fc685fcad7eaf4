import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CONTENT_CATEGORIES,
  guideCategoryPage,
  LIST_LIMIT,
  PRIVATE_PAGES,
  PUBLIC_PAGES,
  TOOL_PAGES,
  SEO_PATHS,
  SITE_FEEDS,
} from '@probedge/proto';
import type { GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';

const CACHE_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 3000;

interface ListedItem {
  slug: string;
  category?: string;
  createdAt?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * /sitemap.xml and /robots.txt. Guides and blogs come from the content service; when it cannot
 * answer, the sitemap still lists every fixed page (and the last items it saw).
 */
@Injectable()
export class SeoService {
  private readonly logger = new Logger(SeoService.name);
  private cached?: { at: number; xml: string };
  private lastItems: { guides: ListedItem[]; blogs: ListedItem[] } = { guides: [], blogs: [] };

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  private url(path: string): string {
    return new URL(path, this.config.PUBLIC_URL).toString();
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      // The feeds are for readers and crawlers alike; the longer rule wins over Disallow: /api/.
      'Allow: /api/feeds/',
      'Disallow: /api/',
      ...PRIVATE_PAGES.map((page) => `Disallow: ${page}`),
      '',
      `Sitemap: ${this.url(SEO_PATHS.sitemap)}`,
      // Atom feeds are accepted as sitemaps too: they tell crawlers what changed most recently.
      ...Object.values(SITE_FEEDS).map((feed) => `Sitemap: ${this.url(feed.path)}`),
      '',
    ].join('\n');
  }

  async sitemap(now = Date.now()): Promise<string> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.xml;
    const [guides, blogs] = await Promise.all([this.list('guides'), this.list('blogs')]);
    const complete = guides !== undefined && blogs !== undefined;
    this.lastItems = {
      guides: guides ?? this.lastItems.guides,
      blogs: blogs ?? this.lastItems.blogs,
    };
    const entries = [
      ...PUBLIC_PAGES.map((page) => ({ loc: this.url(page), lastmod: undefined })),
      ...TOOL_PAGES.map((page) => ({ loc: this.url(page), lastmod: undefined })),
      // A category page with no guide in it is not worth a crawler's visit.
      ...CONTENT_CATEGORIES.filter((category) =>
        this.lastItems.guides.some((item) => item.category === category),
      ).map((category) => ({ loc: this.url(guideCategoryPage(category)), lastmod: undefined })),
      ...this.lastItems.guides.map((item) => ({
        loc: this.url(`/guide/${item.slug}`),
        lastmod: item.createdAt?.slice(0, 10),
      })),
      ...this.lastItems.blogs.map((item) => ({
        loc: this.url(`/blog/${item.slug}`),
        lastmod: item.createdAt?.slice(0, 10),
      })),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (entry) =>
          `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    // A partial sitemap is served but not kept, so the next request asks the content service again.
    if (complete) this.cached = { at: now, xml };
    return xml;
  }

  private async list(kind: 'guides' | 'blogs'): Promise<ListedItem[] | undefined> {
    try {
      const response = await fetch(
        `${this.config.CONTENT_URL}/api/${kind}?limit=${LIST_LIMIT.max}`,
        {
          signal: AbortSignal.timeout(Math.min(FETCH_TIMEOUT_MS, this.config.UPSTREAM_TIMEOUT_MS)),
        },
      );
      if (!response.ok) throw new Error(`content answered ${response.status}`);
      const items = (await response.json()) as ListedItem[];
      return items.filter((item) => typeof item.slug === 'string');
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, `sitemap: could not list ${kind}`);
      return undefined;
    }
  }
}
