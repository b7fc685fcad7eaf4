// Original file: proto/news/v1/news.proto


export interface NewsArticle {
  'id'?: (string);
  'title'?: (string);
  'description'?: (string);
  'url'?: (string);
  'publishedAt'?: (string);
  'feed'?: (string);
  'sourceId'?: (string);
  'category'?: (string);
  'tickers'?: (string)[];
}

export interface NewsArticle__Output {
  'id': (string);
  'title': (string);
  'description': (string);
  'url': (string);
  'publishedAt': (string);
  'feed': (string);
  'sourceId': (string);
  'category': (string);
  'tickers': (string)[];
}
