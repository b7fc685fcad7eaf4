import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ListArticlesRequest as _probedge_news_v1_ListArticlesRequest, ListArticlesRequest__Output as _probedge_news_v1_ListArticlesRequest__Output } from './probedge/news/v1/ListArticlesRequest';
import type { ListArticlesResponse as _probedge_news_v1_ListArticlesResponse, ListArticlesResponse__Output as _probedge_news_v1_ListArticlesResponse__Output } from './probedge/news/v1/ListArticlesResponse';
import type { NewsArticle as _probedge_news_v1_NewsArticle, NewsArticle__Output as _probedge_news_v1_NewsArticle__Output } from './probedge/news/v1/NewsArticle';
import type { NewsServiceClient as _probedge_news_v1_NewsServiceClient, NewsServiceDefinition as _probedge_news_v1_NewsServiceDefinition } from './probedge/news/v1/NewsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  probedge: {
    news: {
      v1: {
        ListArticlesRequest: MessageTypeDefinition<_probedge_news_v1_ListArticlesRequest, _probedge_news_v1_ListArticlesRequest__Output>
        ListArticlesResponse: MessageTypeDefinition<_probedge_news_v1_ListArticlesResponse, _probedge_news_v1_ListArticlesResponse__Output>
        NewsArticle: MessageTypeDefinition<_probedge_news_v1_NewsArticle, _probedge_news_v1_NewsArticle__Output>
        /**
         * Internal service: other services read ingested articles through it, never through the news database.
         */
        NewsService: SubtypeConstructor<typeof grpc.Client, _probedge_news_v1_NewsServiceClient> & { service: _probedge_news_v1_NewsServiceDefinition }
      }
    }
  }
}

