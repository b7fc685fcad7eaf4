import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorDto, sharedCacheControl, type PassthroughReply } from '@probedge/kit';
import {
  HistoryQuery,
  MarketSnapshotDto,
  PriceHistoryDto,
  QuoteListDto,
  QuotesQuery,
  SearchQuery,
  SymbolDetailsDto,
  SymbolSearchDto,
} from './dto/market.dto';
import { MarketService, type Answer } from './market.service';
import { parseSearchQuery, parseSymbol, parseSymbolList } from './symbols.util';

export const MARKET_SERVICE = Symbol('MARKET_SERVICE');

const UNAVAILABLE =
  'No provider is configured, or none answered and no recent value is kept; nothing is made up';
const SYMBOL_PARAM = { name: 'symbol', description: 'A ticker symbol', example: 'AAPL' };

@ApiTags('market')
@ApiServiceUnavailableResponse({ type: ErrorDto, description: UNAVAILABLE })
@Controller('api/market')
export class MarketController {
  constructor(@Inject(MARKET_SERVICE) private readonly market: MarketService) {}

  @Get()
  @ApiOperation({
    summary: "The watch list's quotes",
    description:
      'Quotes of the configured watch list (index funds, volatility, rates) with their source, delay and time. The page asks every 30 seconds; shared caches keep an answer until its figures age.',
  })
  @ApiOkResponse({ type: MarketSnapshotDto })
  async snapshot(@Res({ passthrough: true }) res: PassthroughReply) {
    return reply(res, await this.market.snapshot());
  }

  @Get('quotes')
  @ApiOperation({
    summary: 'Quotes of up to 25 symbols',
    description:
      'Quotes of the symbols asked for (comma-separated, at most 25), each with its source, delay and time; symbols no provider knows are listed under unknown.',
  })
  @ApiOkResponse({ type: QuoteListDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'A malformed symbol, or more than 25' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No provider knows any of the symbols' })
  async quotes(@Query() query: QuotesQuery, @Res({ passthrough: true }) res: PassthroughReply) {
    return reply(res, await this.market.quotes(parseSymbolList(query.symbols)));
  }

  @Get('search')
  @ApiOperation({
    summary: 'Symbols and company names matching a text',
    description: 'Up to 20 instruments whose symbol or name matches q, best first.',
  })
  @ApiOkResponse({ type: SymbolSearchDto })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'q is missing or longer than 50 characters',
  })
  async search(@Query() query: SearchQuery, @Res({ passthrough: true }) res: PassthroughReply) {
    return reply(res, await this.market.search(parseSearchQuery(query.q)));
  }

  @Get('symbols/:symbol')
  @ApiOperation({
    summary: "A symbol's quote and company figures",
    description:
      'The latest quote with sector, industry, market capitalisation, P/E and P/B where the provider has them (profile is null otherwise).',
  })
  @ApiParam(SYMBOL_PARAM)
  @ApiOkResponse({ type: SymbolDetailsDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a ticker symbol' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No provider knows the symbol' })
  async details(
    @Param('symbol') symbol: string,
    @Res({ passthrough: true }) res: PassthroughReply,
  ) {
    return reply(res, await this.market.details(parseSymbol(symbol)));
  }

  @Get('symbols/:symbol/history')
  @ApiOperation({
    summary: "A symbol's daily bars over a range",
    description:
      'Daily open, high, low, close and volume over 1m, 6m, 1y (the default) or 5y, oldest first.',
  })
  @ApiParam(SYMBOL_PARAM)
  @ApiOkResponse({ type: PriceHistoryDto })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'Not a ticker symbol, or an unknown range',
  })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No provider knows the symbol' })
  async history(
    @Param('symbol') symbol: string,
    @Query() query: HistoryQuery,
    @Res({ passthrough: true }) res: PassthroughReply,
  ) {
    return reply(res, await this.market.history(parseSymbol(symbol), query.range ?? '1y'));
  }
}

/** The body, with a Cache-Control that lets shared caches keep it only while its figures are fresh. */
function reply<T>(res: PassthroughReply, answer: Answer<T>): T {
  res.header('cache-control', sharedCacheControl(answer.maxAgeSeconds));
  return answer.body;
}
