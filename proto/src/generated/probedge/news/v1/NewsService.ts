// Original file: proto/news/v1/news.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListArticlesRequest as _probedge_news_v1_ListArticlesRequest, ListArticlesRequest__Output as _probedge_news_v1_ListArticlesRequest__Output } from '../../../probedge/news/v1/ListArticlesRequest';
import type { ListArticlesResponse as _probedge_news_v1_ListArticlesResponse, ListArticlesResponse__Output as _probedge_news_v1_ListArticlesResponse__Output } from '../../../probedge/news/v1/ListArticlesResponse';

/**
 * Internal service: other services read ingested articles through it, never through the news database.
 */
export interface NewsServiceClient extends grpc.Client {
  ListArticles(argument: _probedge_news_v1_ListArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  ListArticles(argument: _probedge_news_v1_ListArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  ListArticles(argument: _probedge_news_v1_ListArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  ListArticles(argument: _probedge_news_v1_ListArticlesRequest, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  listArticles(argument: _probedge_news_v1_ListArticlesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  listArticles(argument: _probedge_news_v1_ListArticlesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  listArticles(argument: _probedge_news_v1_ListArticlesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  listArticles(argument: _probedge_news_v1_ListArticlesRequest, callback: grpc.requestCallback<_probedge_news_v1_ListArticlesResponse__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Internal service: other services read ingested articles through it, never through the news database.
 */
export interface NewsServiceHandlers extends grpc.UntypedServiceImplementation {
  ListArticles: grpc.handleUnaryCall<_probedge_news_v1_ListArticlesRequest__Output, _probedge_news_v1_ListArticlesResponse>;
  
}

export interface NewsServiceDefinition extends grpc.ServiceDefinition {
  ListArticles: MethodDefinition<_probedge_news_v1_ListArticlesRequest, _probedge_news_v1_ListArticlesResponse, _probedge_news_v1_ListArticlesRequest__Output, _probedge_news_v1_ListArticlesResponse__Output>
}
