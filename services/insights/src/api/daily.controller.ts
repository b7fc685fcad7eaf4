import {
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { DailyAnalysis, DailyOpinion, GenerationPending } from '@probedge/proto';
import { clientKey, RateLimiter } from '@probedge/kit';
import type { Request, Response } from 'express';
import { INSIGHTS_CONFIG, type InsightsConfig } from '../config/env';
import { DailyItemsRepository, type DailyKind } from '../items/daily-items.repository';
import { fromDateColumn, marketDate } from '../market/market-date.util';
import { DailyAnalysisDto, DailyOpinionDto, ErrorDto, GenerationPendingDto } from './daily.dto';
import { ADMIN_TOKEN_HEADER } from './admin-token';
import { GenerateService, type GenerateResult } from './generate.service';

type StoredItem = Extract<GenerateResult, { status: 'done' }>['item'];

function analysisView(item: StoredItem): DailyAnalysis {
  return { content: item.content, createdAt: item.createdAt.toISOString() };
}

function opinionView(item: StoredItem): DailyOpinion {
  return {
    analysisDate: fromDateColumn(item.marketDate),
    content: item.content,
    sourceArticleTitle: item.sourceArticleTitle ?? '',
  };
}

@ApiTags('insights')
@Controller('api')
export class DailyController {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(INSIGHTS_CONFIG) private readonly config: InsightsConfig,
    private readonly items: DailyItemsRepository,
    private readonly generator: GenerateService,
  ) {
    this.limiter = new RateLimiter(
      config.INSIGHTS_GENERATE_RATE_LIMIT,
      config.INSIGHTS_GENERATE_RATE_WINDOW_SECONDS * 1000,
    );
  }

  @Get('daily-analysis')
  @ApiOperation({ summary: "Today's market analysis (market time zone); read from the database" })
  @ApiOkResponse({ type: DailyAnalysisDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  async analysis(): Promise<DailyAnalysis> {
    return analysisView(await this.today('analysis'));
  }

  @Get('daily-opinion')
  @ApiOperation({ summary: "Today's opinion (market time zone); read from the database" })
  @ApiOkResponse({ type: DailyOpinionDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  async opinion(): Promise<DailyOpinion> {
    return opinionView(await this.today('opinion'));
  }

  @Post('generate-analysis')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Generate today's analysis, or return it when it exists" })
  @ApiHeader({
    name: ADMIN_TOKEN_HEADER,
    required: false,
    description: 'Regenerates an existing day',
  })
  @ApiOkResponse({ type: DailyAnalysisDto })
  @ApiAcceptedResponse({ type: GenerationPendingDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'No articles for the day yet' })
  @ApiForbiddenResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: 'The queue is unavailable' })
  async generateAnalysis(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Headers(ADMIN_TOKEN_HEADER) adminToken?: string,
  ): Promise<DailyAnalysis | GenerationPending> {
    return this.generate('analysis', req, res, adminToken, analysisView);
  }

  @Post('generate-opinion')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Generate today's opinion, or return it when it exists" })
  @ApiHeader({
    name: ADMIN_TOKEN_HEADER,
    required: false,
    description: 'Regenerates an existing day',
  })
  @ApiOkResponse({ type: DailyOpinionDto })
  @ApiAcceptedResponse({ type: GenerationPendingDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'No articles for the day yet' })
  @ApiForbiddenResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: 'The queue is unavailable' })
  async generateOpinion(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Headers(ADMIN_TOKEN_HEADER) adminToken?: string,
  ): Promise<DailyOpinion | GenerationPending> {
    return this.generate('opinion', req, res, adminToken, opinionView);
  }

  private async today(kind: DailyKind): Promise<StoredItem> {
    const date = marketDate(new Date(), this.config.MARKET_TIMEZONE);
    const item = await this.items.find(kind, date);
    if (!item) throw new NotFoundException(`There is no daily ${kind} for ${date} yet`);
    return item;
  }

  private async generate<View>(
    kind: DailyKind,
    req: Request,
    res: Response,
    adminToken: string | undefined,
    view: (item: StoredItem) => View,
  ): Promise<View | GenerationPending> {
    const wait = this.limiter.take(clientKey(req));
    if (wait !== undefined) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpException(
        `Too many generate requests; try again in ${wait} s`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const result = await this.generator.generate(kind, adminToken);
    if (result.status === 'pending') {
      res.status(HttpStatus.ACCEPTED);
      return result.body;
    }
    return view(result.item);
  }
}
