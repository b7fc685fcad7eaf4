/** An article as the news service hands it over gRPC (proto/news/v1/news.proto, camelCase). */
export interface NewsArticle {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: string;
  feed: string;
  sourceId: string;
  category: string;
  tickers: string[];
}
