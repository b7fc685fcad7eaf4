// Original file: proto/news/v1/news.proto

import type { NewsArticle as _probedge_news_v1_NewsArticle, NewsArticle__Output as _probedge_news_v1_NewsArticle__Output } from '../../../probedge/news/v1/NewsArticle';

export interface ListArticlesResponse {
  'articles'?: (_probedge_news_v1_NewsArticle)[];
  /**
   * Set when more articles match; send it as page_token for the next page. Empty on the last page.
   */
  'nextPageToken'?: (string);
}

export interface ListArticlesResponse__Output {
  'articles': (_probedge_news_v1_NewsArticle__Output)[];
  /**
   * Set when more articles match; send it as page_token for the next page. Empty on the last page.
   */
  'nextPageToken': (string);
}
