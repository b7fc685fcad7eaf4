import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAGE_SIZES } from '@probedge/proto';
import {
  ArticleDto,
  ArticlesQuery,
  DayTraderArticleDto,
  ErrorDto,
  LimitQuery,
  OpinionArticleDto,
  toLimit,
} from './dto/articles.dto';
import { ArticlesService } from './articles.service';

@ApiTags('news')
@ApiBadRequestResponse({ type: ErrorDto, description: 'limit (or category) is not acceptable' })
@Controller('api')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('business')
  @ApiOperation({ summary: 'Business articles, newest first' })
  @ApiOkResponse({ type: [ArticleDto] })
  business(@Query() query: LimitQuery) {
    return this.articles.list('business', toLimit(query.limit, PAGE_SIZES.business));
  }

  @Get('analysis')
  @ApiOperation({ summary: 'Analysis articles, newest first' })
  @ApiOkResponse({ type: [ArticleDto] })
  analysis(@Query() query: LimitQuery) {
    return this.articles.list('analysis', toLimit(query.limit, PAGE_SIZES.analysis));
  }

  @Get('opinion')
  @ApiOperation({ summary: 'Opinion articles, newest first; description is always a string' })
  @ApiOkResponse({ type: [OpinionArticleDto] })
  opinion(@Query() query: LimitQuery) {
    return this.articles.listOpinion(toLimit(query.limit, PAGE_SIZES.opinion));
  }

  @Get('daytrader')
  @ApiOperation({ summary: 'Day-trader news, newest first' })
  @ApiOkResponse({ type: [DayTraderArticleDto] })
  daytrader(@Query() query: LimitQuery) {
    return this.articles.listDayTrader(toLimit(query.limit, PAGE_SIZES.daytraderLanding));
  }

  @Get('articles')
  @ApiOperation({ summary: 'General and stocks news, or every article of one category' })
  @ApiOkResponse({ type: [ArticleDto] })
  list(@Query() query: ArticlesQuery) {
    return this.articles.listArticles(query.category, toLimit(query.limit, PAGE_SIZES.category));
  }

  @Get('articles/targeted')
  @ApiOperation({ summary: 'Targeted articles: stocks and day-trading news, newest first' })
  @ApiOkResponse({ type: [ArticleDto] })
  targeted(@Query() query: LimitQuery) {
    return this.articles.list('targeted', toLimit(query.limit, PAGE_SIZES.targeted));
  }
}
