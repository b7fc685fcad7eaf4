import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { WebhooksService } from './webhooks.service';

@ApiTags('billing')
@Controller('api/stripe')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'Event accepted (or already processed, or not of interest)' })
  @ApiBadRequestResponse({ description: 'Missing, invalid or stale Stripe-Signature' })
  receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ) {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
