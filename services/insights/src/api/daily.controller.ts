import {
  applyDecorators,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { DailyAnalysis, DailyOpinion, GenerationPending } from '@probedge/proto';
import { ADMIN_TOKEN_SCHEME, ErrorDto, type PassthroughReply } from '@probedge/kit';
import type { DailyKind } from '../items/daily-items.repository';
import { fromDateColumn } from '../market/market-date.util';
import { DailyAnalysisDto, DailyOpinionDto, GenerationPendingDto } from './daily.dto';
import { ADMIN_TOKEN_HEADER } from './admin-token';
import { GenerateService, type GenerateResult } from './generate.service';
import { TodayItems } from './today-items.service';

type StoredItem = Extract<GenerateResult, { status: 'done' }>['item'];

function analysisView(item: StoredItem): DailyAnalysis {
  return { content: item.content, createdAt: item.createdAt.toISOString() };
}

/** What both generation routes answer besides the item itself. */
function GenerationAnswers(item: string) {
  return applyDecorators(
    // Anyone may ask for today's item; only the admin token regenerates one that exists.
    ApiSecurity({}),
    ApiSecurity(ADMIN_TOKEN_SCHEME),
    ApiAcceptedResponse({
      type: GenerationPendingDto,
      description: `The ${item} is still being written after INSIGHTS_GENERATE_WAIT_MS; ask again later`,
    }),
    ApiConflictResponse({ type: ErrorDto, description: 'No articles for the day yet' }),
    ApiForbiddenResponse({
      type: ErrorDto,
      description: `An X-Admin-Token was sent to regenerate the ${item} and it is not valid`,
    }),
    ApiBadGatewayResponse({
      type: ErrorDto,
      description: `The ${item} could not be written: the news service or the language model failed`,
    }),
    ApiServiceUnavailableResponse({ type: ErrorDto, description: 'The job queue is unavailable' }),
  );
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
  constructor(
    private readonly todayItems: TodayItems,
    private readonly generator: GenerateService,
  ) {}

  @Get('daily-analysis')
  @ApiOperation({
    summary: "Today's market analysis (market time zone); read from the database",
    description:
      "The analysis of today's market news, today being the market day in MARKET_TIMEZONE. It never writes one: POST /api/generate-analysis does. Educational content only, not investment advice.",
  })
  @ApiOkResponse({ type: DailyAnalysisDto, description: "Today's analysis" })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'None written for today yet' })
  async analysis(): Promise<DailyAnalysis> {
    return analysisView(await this.todayItems.today('analysis'));
  }

  @Get('daily-opinion')
  @ApiOperation({
    summary: "Today's opinion (market time zone); read from the database",
    description:
      "The opinion on one of today's articles, today being the market day in MARKET_TIMEZONE. It never writes one: POST /api/generate-opinion does. Educational content only, not investment advice.",
  })
  @ApiOkResponse({ type: DailyOpinionDto, description: "Today's opinion" })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'None written for today yet' })
  async opinion(): Promise<DailyOpinion> {
    return opinionView(await this.todayItems.today('opinion'));
  }

  @Post('generate-analysis')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Generate today's analysis, or return it when it exists",
    description:
      "Answers today's analysis when it exists; otherwise writes it from the day's news (one job for the day, however many ask) and waits a bounded time for it. With the admin token an existing analysis is written again. Educational content only, not investment advice.",
  })
  @GenerationAnswers('analysis')
  @ApiOkResponse({ type: DailyAnalysisDto, description: "Today's analysis" })
  async generateAnalysis(
    @Res({ passthrough: true }) res: PassthroughReply,
    @Headers(ADMIN_TOKEN_HEADER) adminToken?: string,
  ): Promise<DailyAnalysis | GenerationPending> {
    return this.generate('analysis', res, adminToken, analysisView);
  }

  @Post('generate-opinion')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "Generate today's opinion, or return it when it exists",
    description:
      "Answers today's opinion when it exists; otherwise writes it on one of the day's articles (one job for the day, however many ask) and waits a bounded time for it. With the admin token an existing opinion is written again. Educational content only, not investment advice.",
  })
  @GenerationAnswers('opinion')
  @ApiOkResponse({ type: DailyOpinionDto, description: "Today's opinion" })
  async generateOpinion(
    @Res({ passthrough: true }) res: PassthroughReply,
    @Headers(ADMIN_TOKEN_HEADER) adminToken?: string,
  ): Promise<DailyOpinion | GenerationPending> {
    return this.generate('opinion', res, adminToken, opinionView);
  }

  private async generate<View>(
    kind: DailyKind,
    res: PassthroughReply,
    adminToken: string | undefined,
    view: (item: StoredItem) => View,
  ): Promise<View | GenerationPending> {
    const result = await this.generator.generate(kind, adminToken);
    if (result.status === 'pending') {
      res.status(HttpStatus.ACCEPTED);
      return result.body;
    }
    return view(result.item);
  }
}
