import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { ArticlesService } from '../articles/articles.service';
import {
  encodePageToken,
  parseListArticlesRequest,
  type ListArticlesRequest,
  type NewsArticleMessage,
} from './list-articles.request';

@Controller()
export class NewsGrpcController {
  constructor(private readonly articles: ArticlesService) {}

  @GrpcMethod('NewsService', 'ListArticles')
  async listArticles(
    request: ListArticlesRequest,
  ): Promise<{ articles: NewsArticleMessage[]; nextPageToken: string }> {
    const { cursor, ...query } = parseListArticlesRequest(request);
    // One article more than asked for tells whether another page exists.
    const rows = await this.articles.listForInternal({
      ...query,
      after: cursor,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      articles: page,
      nextPageToken:
        rows.length > query.limit && last
          ? encodePageToken({ publishedAt: new Date(last.publishedAt), id: last.id })
          : '',
    };
  }
}
