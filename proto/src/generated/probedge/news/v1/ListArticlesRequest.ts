// Original file: proto/news/v1/news.proto


export interface ListArticlesRequest {
  /**
   * One of business, analysis, opinion, daytrader, stocks, general; empty means every feed.
   */
  'feed'?: (string);
  /**
   * ISO-8601 instant; only articles published at or after it. Empty means no lower bound.
   */
  'since'?: (string);
  /**
   * 1..500; 0 means the server's default.
   */
  'limit'?: (number);
  /**
   * ISO-8601 instant; only articles published before it. Empty means no upper bound.
   */
  'until'?: (string);
  /**
   * A previous response's next_page_token: the articles after that page, with the same filters.
   * Empty means the first page.
   */
  'pageToken'?: (string);
}

export interface ListArticlesRequest__Output {
  /**
   * One of business, analysis, opinion, daytrader, stocks, general; empty means every feed.
   */
  'feed': (string);
  /**
   * ISO-8601 instant; only articles published at or after it. Empty means no lower bound.
   */
  'since': (string);
  /**
   * 1..500; 0 means the server's default.
   */
  'limit': (number);
  /**
   * ISO-8601 instant; only articles published before it. Empty means no upper bound.
   */
  'until': (string);
  /**
   * A previous response's next_page_token: the articles after that page, with the same filters.
   * Empty means the first page.
   */
  'pageToken': (string);
}
