import {
  Controller,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import { StripeEventDto, WebhookOutcomeDto } from './webhook.dto';
import { WebhooksService } from './webhooks.service';

@ApiTags('billing')
@Controller('api/stripe')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Payment provider events',
    description:
      "Stripe's webhook: subscription, checkout and invoice events keep the stored subscriptions in step with Stripe. Each event is verified with the Stripe-Signature header over the raw body, so anything between Stripe and billing must pass the body byte for byte. An event is acted on once; a failure answers 5xx and Stripe sends it again.",
  })
  @ApiHeader({
    name: 'Stripe-Signature',
    required: true,
    description:
      "Stripe's signature of the raw body with the endpoint's signing secret (STRIPE_WEBHOOK_SECRET), with its timestamp",
    example: 't=1772461800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  })
  @ApiBody({
    type: StripeEventDto,
    description:
      'The event exactly as Stripe sent it (the raw bytes are verified, not parsed JSON)',
  })
  @ApiOkResponse({
    type: WebhookOutcomeDto,
    description: 'Event accepted (or already processed, or not of interest)',
  })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'Missing, invalid or stale Stripe-Signature, or no body',
  })
  receive(
    @Req() req: RawBodyRequest<object>,
    @Headers('stripe-signature') signature: string | undefined,
  ) {
    return this.webhooks.receive(req.rawBody, signature);
  }
}
