import useSWR from 'swr';
import {
  apiPath,
  PAGE_SIZES,
  type Article,
  type DayTraderArticle,
  type OpinionArticle,
} from '@probedge/proto';
import { apiGet } from '../../../lib/api-client';

/** The news lists the news screens read, each with the kind of article it answers with. */
interface NewsFeeds {
  analysis: Article;
  business: Article;
  opinion: OpinionArticle;
  daytrader: DayTraderArticle;
}

export type NewsFeed = keyof NewsFeeds;

const FEEDS: Record<NewsFeed, { limit: number; failureMessage: string }> = {
  analysis: { limit: PAGE_SIZES.analysis, failureMessage: 'Failed to fetch analysis articles' },
  business: { limit: PAGE_SIZES.business, failureMessage: 'Failed to fetch business articles' },
  opinion: { limit: PAGE_SIZES.opinion, failureMessage: 'Failed to fetch opinion articles' },
  daytrader: {
    limit: PAGE_SIZES.daytraderLanding,
    failureMessage: 'Failed to fetch day trader articles',
  },
};

function newsArticlesKey(feed: NewsFeed, limit: number) {
  return [apiPath(feed), { limit }] as const;
}

export function getNewsArticles<F extends NewsFeed>(
  feed: F,
  limit: number = FEEDS[feed].limit,
): Promise<NewsFeeds[F][]> {
  return apiGet<NewsFeeds[F][]>(newsArticlesKey(feed, limit), {
    failureMessage: FEEDS[feed].failureMessage,
  });
}

export function useNewsArticles<F extends NewsFeed>(feed: F, limit: number = FEEDS[feed].limit) {
  const { data, error, isLoading } = useSWR(newsArticlesKey(feed, limit), () =>
    getNewsArticles(feed, limit),
  );
  return { articles: data ?? [], error: error as Error | undefined, isLoading };
}
