import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import { PAGE_SIZES } from '@probedge/proto';
import {
  ArticleDto,
  ArticlesQuery,
  DayTraderArticleDto,
  LimitQuery,
  OpinionArticleDto,
  toLimit,
} from './dto/articles.dto';
import { ArticlesService } from './articles.service';

const NEWEST_FIRST = 'The articles, newest first; perhaps none';

@ApiTags('news')
@ApiBadRequestResponse({
  type: ErrorDto,
  description: 'limit (or category, or symbol) is not acceptable',
})
@Controller('api')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('business')
  @ApiOperation({
    summary: 'Business articles, newest first',
    description: `The newest articles of the business feed (${PAGE_SIZES.business} unless limit says otherwise). Information only, not investment advice.`,
  })
  @ApiOkResponse({ type: [ArticleDto], description: NEWEST_FIRST })
  business(@Query() query: LimitQuery) {
    return this.articles.list('business', toLimit(query.limit, PAGE_SIZES.business));
  }

  @Get('analysis')
  @ApiOperation({
    summary: 'Analysis articles, newest first',
    description: `The newest articles of the market analysis feed (${PAGE_SIZES.analysis} unless limit says otherwise). Information only, not investment advice.`,
  })
  @ApiOkResponse({ type: [ArticleDto], description: NEWEST_FIRST })
  analysis(@Query() query: LimitQuery) {
    return this.articles.list('analysis', toLimit(query.limit, PAGE_SIZES.analysis));
  }

  @Get('opinion')
  @ApiOperation({
    summary: 'Opinion articles, newest first; description is always a string',
    description: `The newest articles of the opinion feed (${PAGE_SIZES.opinion} unless limit says otherwise); unlike the other lists, each has a description, empty when the source gave none.`,
  })
  @ApiOkResponse({ type: [OpinionArticleDto], description: NEWEST_FIRST })
  opinion(@Query() query: LimitQuery) {
    return this.articles.listOpinion(toLimit(query.limit, PAGE_SIZES.opinion));
  }

  @Get('daytrader')
  @ApiOperation({
    summary: 'Day-trader news, newest first',
    description: `The newest articles of the day-trader feed (${PAGE_SIZES.daytraderLanding} unless limit says otherwise), with title and link only.`,
  })
  @ApiOkResponse({ type: [DayTraderArticleDto], description: NEWEST_FIRST })
  daytrader(@Query() query: LimitQuery) {
    return this.articles.listDayTrader(toLimit(query.limit, PAGE_SIZES.daytraderLanding));
  }

  @Get('articles')
  @ApiOperation({
    summary: 'General and stocks news, or the articles of one category or one ticker',
    description: `Without category or symbol, the newest general and stocks news. With category, the newest articles of that category across every feed; with symbol, the newest articles across every feed that name that ticker (tagged at ingestion from the title and description); with both, the articles of the category that name it (${PAGE_SIZES.category} unless limit says otherwise). Information only, not investment advice.`,
  })
  @ApiOkResponse({ type: [ArticleDto], description: NEWEST_FIRST })
  list(@Query() query: ArticlesQuery) {
    return this.articles.listArticles(
      { category: query.category, symbol: query.symbol },
      toLimit(query.limit, PAGE_SIZES.category),
    );
  }

  @Get('articles/targeted')
  @ApiOperation({
    summary: 'Targeted articles: stocks and day-trading news, newest first',
    description: `The newest stocks and day-trading news together (${PAGE_SIZES.targeted} unless limit says otherwise).`,
  })
  @ApiOkResponse({ type: [ArticleDto], description: NEWEST_FIRST })
  targeted(@Query() query: LimitQuery) {
    return this.articles.list('targeted', toLimit(query.limit, PAGE_SIZES.targeted));
  }
}
