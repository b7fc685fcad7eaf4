import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorDto, type PassthroughReply } from '@probedge/kit';
import type { ApiError } from '@probedge/proto';
import {
  MARKET_DATA_PROVIDER,
  MarketSnapshotDto,
  type MarketDataProvider,
} from './market-provider';

export const NO_MARKET_PROVIDER_MESSAGE = 'No market data provider is configured';

@ApiTags('market')
@Controller('api')
export class MarketController {
  constructor(
    @Optional() @Inject(MARKET_DATA_PROVIDER) private readonly provider?: MarketDataProvider,
  ) {}

  @Get('market')
  @ApiOperation({
    summary: 'Market snapshot from the configured market-data provider',
    description:
      'Live quotes of the configured market-data provider. None is configured by default, and no price is ever made up: without one the answer is 503. The page asks every 30 seconds.',
  })
  @ApiOkResponse({ type: MarketSnapshotDto, description: 'The latest quotes' })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: NO_MARKET_PROVIDER_MESSAGE })
  market(@Res({ passthrough: true }) res: PassthroughReply) {
    // Answered directly rather than thrown: the page polls every 30 s and this is not a fault to log.
    if (!this.provider) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      const body: ApiError = {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        error: 'Service Unavailable',
        message: NO_MARKET_PROVIDER_MESSAGE,
      };
      return body;
    }
    return this.provider.snapshot();
  }
}
