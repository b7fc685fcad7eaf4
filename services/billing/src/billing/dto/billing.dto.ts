import { ApiProperty } from '@nestjs/swagger';
import {
  PLAN_TIERS,
  type ActivationRequest,
  type ActivationResponse,
  type CheckoutRequest,
  type CheckoutResponse,
  type PlanTier,
  type PortalResponse,
  type SubscriptionCheck,
} from '@probedge/proto';
import { IsIn, IsString, Matches } from 'class-validator';

/** Stripe's checkout session ids, and the sandbox provider's. */
export const SESSION_ID_PATTERN =
  /^cs_(?:(?:test|live)_[A-Za-z0-9]{10,200}|sandbox_[A-Za-z0-9]{24})$/;

export class CheckoutRequestDto implements CheckoutRequest {
  @ApiProperty({ enum: PLAN_TIERS, description: 'The plan to buy', example: 'professional' })
  @IsString()
  @IsIn(PLAN_TIERS, { message: `tier must be one of: ${PLAN_TIERS.join(', ')}` })
  tier!: PlanTier;
}

export class CheckoutResponseDto implements CheckoutResponse {
  @ApiProperty({
    description: 'Where to send the visitor to pay (Stripe Checkout, or the sandbox success page)',
    example: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8i9J0',
  })
  url!: string;
}

export class ActivationRequestDto implements ActivationRequest {
  @ApiProperty({
    description: 'The checkout session id, from the session_id of the success page address',
    example: 'cs_test_a1B2c3D4e5F6g7H8i9J0',
    pattern: SESSION_ID_PATTERN.source,
  })
  @IsString()
  @Matches(SESSION_ID_PATTERN, { message: 'sessionId is not a checkout session id' })
  sessionId!: string;
}

export class ActivationResponseDto implements ActivationResponse {
  @ApiProperty({ description: 'Whether the subscription gives access now', example: true })
  hasAccess!: boolean;
  @ApiProperty({
    example: 'active',
    description: "The subscription's status at the payment provider",
  })
  status!: string;
}

export class SubscriptionCheckDto implements SubscriptionCheck {
  @ApiProperty({
    description: 'Whether this browser (its purchase cookie or member session) has access now',
    example: false,
  })
  hasAccess!: boolean;
}

export class PortalResponseDto implements PortalResponse {
  @ApiProperty({
    description: 'The customer portal, returning to /account',
    example: 'https://billing.stripe.com/p/session/test_YWNjdF8xTjV',
  })
  url!: string;
}
