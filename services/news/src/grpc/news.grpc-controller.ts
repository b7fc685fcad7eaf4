import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { NEWS_GRPC } from '@probedge/proto';
import type {
  ListArticlesRequest__Output,
  ListArticlesResponse,
  NewsServiceController,
} from '@probedge/proto/grpc';
import { ArticlesService } from '../articles/articles.service';
import { encodePageToken, parseListArticlesRequest } from './list-articles.request';

@Controller()
export class NewsGrpcController implements NewsServiceController {
  constructor(private readonly articles: ArticlesService) {}

  @GrpcMethod(NEWS_GRPC.service, 'ListArticles')
  async listArticles(request: ListArticlesRequest__Output): Promise<ListArticlesResponse> {
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
      // Proto3 has no null: an article without a category sends the empty string.
      articles: page.map((article) => ({ ...article, category: article.category ?? '' })),
      nextPageToken:
        rows.length > query.limit && last
          ? encodePageToken({ publishedAt: new Date(last.publishedAt), id: last.id })
          : '',
    };
  }
}
