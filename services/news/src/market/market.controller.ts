import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { ApiError } from '@probedge/proto';
import type { Response } from 'express';
import { ErrorDto } from '../articles/dto/articles.dto';
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
  @ApiOperation({ summary: 'Market snapshot from the configured market-data provider' })
  @ApiOkResponse({ type: MarketSnapshotDto })
  @ApiServiceUnavailableResponse({ type: ErrorDto, description: NO_MARKET_PROVIDER_MESSAGE })
  market(@Res({ passthrough: true }) res: Response) {
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
