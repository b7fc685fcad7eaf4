import type { Feed } from '@probedge/proto';
import type { ArticleDraft } from '../articles/articles.repository';
import { tagInstruments } from '../tagging/tag-instruments.util';
import { canonicalUrl, isHttpUrl, resolveHttpUrl } from './canonical-url.util';
import type { ParsedFeedItem } from './feed-parser.util';
import { toSafeHtml } from './safe-html.util';
import {
  BODY_HTML_MAX_LENGTH,
  BODY_TEXT_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  leadSentences,
  readableText,
  toPlainText,
  truncate,
  truncateAtWord,
} from './text.util';

export interface DraftContext {
  feedUrl: string;
  feed: Feed;
  category: string | null;
  fetchedAt: Date;
}

/** Title when the item has none: the start of its description, else its URL. */
const FALLBACK_TITLE_LENGTH = 120;
const GUID_MAX_LENGTH = 2000;

function guidAsUrl(guid: string | undefined): string | undefined {
  const trimmed = guid?.trim();
  return trimmed && isHttpUrl(trimmed) ? trimmed : undefined;
}

/**
 * Why an item becomes no article. Nothing else drops one: an item without a title takes one from
 * its text or URL, and one without a usable date (missing, unparseable or in the future) takes the
 * fetch time. `noLink`: neither a link nor a GUID that is an http(s) URL. `invalidLink`: a link that
 * is no http(s) URL once resolved (`javascript:`, `mailto:`, malformed), and no such GUID either.
 */
export const DROP_REASONS = ['noLink', 'invalidLink'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type DraftOutcome = { draft: ArticleDraft } | { dropped: DropReason };

/** One feed item as an article row, or undefined when it has no usable http(s) link. */
export function toArticleDraft(
  item: ParsedFeedItem,
  context: DraftContext,
): ArticleDraft | undefined {
  const outcome = draftItem(item, context);
  return 'draft' in outcome ? outcome.draft : undefined;
}

/** One feed item as an article row, or the reason it becomes none. */
export function draftItem(item: ParsedFeedItem, context: DraftContext): DraftOutcome {
  // The xml:base in force, itself relative to the feed's address, comes before the feed's address.
  const base = item.base
    ? (resolveHttpUrl(item.base, context.feedUrl) ?? context.feedUrl)
    : context.feedUrl;
  // A GUID only stands in for the link when it is itself an absolute http(s) URL.
  const url = resolveHttpUrl(item.link, base) ?? guidAsUrl(item.guid);
  if (!url) return { dropped: item.link?.trim() ? 'invalidLink' : 'noLink' };
  const canonical = canonicalUrl(url);
  const body = readableText(item.content, item.contentType ?? 'html');
  // Without a summary of its own, the card shows the body's first sentences.
  const description =
    toPlainText(item.description, DESCRIPTION_MAX_LENGTH, item.descriptionType ?? 'html') ||
    leadSentences(body, DESCRIPTION_MAX_LENGTH);
  // Links in the body resolve against the article's own address, as on its page.
  const bodyHtml = body
    ? toSafeHtml(item.content, BODY_HTML_MAX_LENGTH, item.contentType ?? 'html', url)
    : '';
  const title =
    toPlainText(item.title, TITLE_MAX_LENGTH, item.titleType ?? 'html') ||
    (description ? truncate(description, FALLBACK_TITLE_LENGTH) : truncate(url, TITLE_MAX_LENGTH));
  const guid = item.guid?.trim() ? item.guid.trim().slice(0, GUID_MAX_LENGTH) : canonical;
  // A date in the future is a publisher's clock error; it would pin the item to the top for good.
  const dated =
    item.publishedAt !== undefined && item.publishedAt.getTime() <= context.fetchedAt.getTime();
  const publishedAt = dated ? item.publishedAt! : context.fetchedAt;
  return {
    draft: {
      guid,
      canonicalUrl: canonical,
      url,
      title,
      description,
      ...(body ? { bodyText: truncateAtWord(body, BODY_TEXT_MAX_LENGTH) } : {}),
      ...(bodyHtml ? { bodyHtml } : {}),
      publishedAt,
      dated,
      feed: context.feed,
      category: context.category,
      tickers: tagInstruments(title, description),
    },
  };
}
