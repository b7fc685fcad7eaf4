import { Controller } from '@nestjs/common';
import { GrpcMethod } from '@nestjs/microservices';
import { ArticlesService } from '../articles/articles.service';
import {
  parseListArticlesRequest,
  type ListArticlesRequest,
  type NewsArticleMessage,
} from './list-articles.request';

@Controller()
export class NewsGrpcController {
  constructor(private readonly articles: ArticlesService) {}

  @GrpcMethod('NewsService', 'ListArticles')
  async listArticles(request: ListArticlesRequest): Promise<{ articles: NewsArticleMessage[] }> {
    return { articles: await this.articles.listForInternal(parseListArticlesRequest(request)) };
  }
}
