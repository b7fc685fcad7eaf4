import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { ArticlesService } from '../articles/articles.service';
import {
  encodePageToken,
  parseListArticlesRequest,
  type ListArticlesQuery,
  type ListArticlesRequest,
  type NewsArticleMessage,
  type PageCursor,
} from './list-articles.request';

/** Most articles sharing one publication millisecond that a page can continue after. */
const SAME_INSTANT_SCAN = 5000;

@Controller()
export class NewsGrpcController {
  constructor(private readonly articles: ArticlesService) {}

  @GrpcMethod('NewsService', 'ListArticles')
  async listArticles(
    request: ListArticlesRequest,
  ): Promise<{ articles: NewsArticleMessage[]; nextPageToken: string }> {
    const { cursor, ...query } = parseListArticlesRequest(request);
    // One article more than asked for tells whether another page exists.
    const rows = cursor
      ? await this.after(query, cursor)
      : await this.articles.listForInternal({ ...query, limit: query.limit + 1 });
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

  /**
   * The articles after the cursor in newest-first, then id order: the rest of the cursor's own
   * millisecond (ids above its id), then everything published before it.
   */
  private async after(query: ListArticlesQuery, cursor: PageCursor): Promise<NewsArticleMessage[]> {
    const instant = cursor.publishedAt.toISOString();
    const inWindow =
      (!query.since || query.since <= cursor.publishedAt) &&
      (!query.until || cursor.publishedAt < query.until);
    const sameInstant = !inWindow
      ? []
      : (
          await this.articles.listForInternal({
            feed: query.feed,
            since: cursor.publishedAt,
            until: new Date(cursor.publishedAt.getTime() + 1),
            limit: SAME_INSTANT_SCAN,
          })
        ).filter((article) => article.publishedAt === instant && article.id > cursor.id);
    const before = await this.articles.listForInternal({
      ...query,
      until: query.until && query.until < cursor.publishedAt ? query.until : cursor.publishedAt,
      limit: query.limit + 1,
    });
    return [...sameInstant, ...before];
  }
}
