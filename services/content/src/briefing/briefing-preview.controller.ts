import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
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
  ADMIN_TOKEN_SCHEME,
  ErrorDto,
  HTML_CONTENT_TYPE,
  isMarketDate,
  type PassthroughReply,
} from '@probedge/kit';
import { BriefingError } from './briefing.errors';
import { BriefingService } from './briefing.service';
import { PreviewAccessGuard } from './preview-access.guard';

@ApiTags('newsletter')
@Controller('api/newsletter/preview')
export class BriefingPreviewController {
  constructor(private readonly briefing: BriefingService) {}

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
  @UseGuards(PreviewAccessGuard)
  async preview(
    @Query('date') date: unknown,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<string> {
    if (date !== undefined && (typeof date !== 'string' || !isMarketDate(date))) {
      throw new BriefingError(
        'PREVIEW_DATE_MALFORMED',
        'date must be a calendar date written YYYY-MM-DD',
      );
    }
    const html = await this.briefing.preview(date);
    res.header('cache-control', 'no-store');
    res.header('content-type', HTML_CONTENT_TYPE);
    return html;
  }
}
