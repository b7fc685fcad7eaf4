import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  Headers,
  Inject,
  NotFoundException,
  Query,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  ADMIN_TOKEN_HEADER,
  ADMIN_TOKEN_SCHEME,
  ErrorDto,
  isMarketDate,
  sameSecret,
} from '@probedge/kit';
import type { Response } from 'express';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { BriefingService } from './briefing.service';

@ApiTags('newsletter')
@Controller('api/newsletter/preview')
export class BriefingPreviewController {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly briefing: BriefingService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "The day's morning briefing as subscribers get it (operators only)",
    description:
      'HTML of the briefing mailed for a market date (default: today in MARKET_TIMEZONE), with unsubscribe links that name nobody. Needs CONTENT_ADMIN_TOKEN in X-Admin-Token; without that setting the path does not exist.',
  })
  @ApiSecurity(ADMIN_TOKEN_SCHEME)
  @ApiQuery({
    name: 'date',
    type: String,
    required: false,
    description: 'Market date, YYYY-MM-DD; today in MARKET_TIMEZONE without it',
    example: '2026-03-02',
  })
  @ApiOkResponse({
    description: 'The briefing as HTML',
    content: { 'text/html': { schema: { type: 'string', description: 'An HTML e-mail body' } } },
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a YYYY-MM-DD date' })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'No admin token presented' })
  @ApiForbiddenResponse({ type: ErrorDto, description: 'Wrong admin token' })
  @ApiNotFoundResponse({
    type: ErrorDto,
    description: 'No briefing for that day (yet), or no CONTENT_ADMIN_TOKEN is set',
  })
  async preview(
    @Query('date') date: unknown,
    @Headers(ADMIN_TOKEN_HEADER) token: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const expected = this.config.CONTENT_ADMIN_TOKEN;
    if (expected === undefined) throw new NotFoundException('Cannot GET /api/newsletter/preview');
    if (!token)
      throw new UnauthorizedException(`The preview needs the admin token in ${ADMIN_TOKEN_HEADER}`);
    if (!sameSecret(token, expected)) throw new ForbiddenException('The admin token is wrong');
    if (date !== undefined && (typeof date !== 'string' || !isMarketDate(date))) {
      throw new BadRequestException('date must be a calendar date written YYYY-MM-DD');
    }
    const marketDate = date ?? this.briefing.today();
    const html = await this.briefing.preview(marketDate);
    if (html === null) {
      throw new NotFoundException(
        `There is no briefing for ${marketDate}: the day's analysis has not reached the newsletter`,
      );
    }
    res.setHeader('cache-control', 'no-store');
    res.type('html');
    return html;
  }
}
