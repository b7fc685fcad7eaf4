import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { HANDLED_EVENT_TYPES, type WebhookOutcome } from './webhooks.service';

/**
 * A Stripe event as Stripe posts it, for the API document only: the webhook reads the raw bytes,
 * because the signature covers them exactly.
 */
export class StripeEventDto {
  @ApiProperty({ description: "The event's id at Stripe", example: 'evt_1NG8Du2eZvKYlo2CUI79vXWy' })
  id!: string;

  @ApiProperty({
    description: `The event type; ${HANDLED_EVENT_TYPES.join(', ')} are acted on, any other is acknowledged and ignored`,
    example: 'checkout.session.completed',
  })
  type!: string;

  @ApiProperty({
    type: 'integer',
    description: 'When Stripe created the event, in seconds since 1970 (UTC)',
    example: 1772461800,
  })
  created!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The object the event is about (data.object): a checkout session, subscription or invoice',
  })
  data!: Record<string, unknown>;
}

export class WebhookOutcomeDto implements WebhookOutcome {
  @ApiProperty({
    type: Boolean,
    description: 'Always true: Stripe need not send it again',
    example: true,
  })
  received!: true;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Present when the event had been processed before',
    example: true,
  })
  duplicate?: true;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Present when the event type is not one billing acts on',
    example: true,
  })
  ignored?: true;

  @ApiPropertyOptional({
    type: Boolean,
    description:
      'Present when a signed event had missing or ill-typed fields: it is logged as rejected and not sent again',
    example: true,
  })
  rejected?: true;
}
