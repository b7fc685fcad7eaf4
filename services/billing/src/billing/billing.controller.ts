import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorDto, type PassthroughReply } from '@probedge/kit';
import type { VisitorRequest } from '../access/visitor-cookies';
import { AccessService } from '../access/access.service';
import {
  ACCESS_COOKIE_SCHEME,
  CHECKOUT_COOKIE_SCHEME,
  MEMBER_SESSION_SCHEME,
} from '../access/security-schemes';
import { VisitorCookies } from '../access/visitor-cookies';
import { BillingService, IDEMPOTENCY_KEY_PATTERN, OTHER_BROWSER_MESSAGE } from './billing.service';
import {
  ActivationRequestDto,
  ActivationResponseDto,
  CheckoutRequestDto,
  CheckoutResponseDto,
  PortalResponseDto,
  SubscriptionCheckDto,
} from './dto/billing.dto';

@ApiTags('billing')
@ApiBadGatewayResponse({ type: ErrorDto, description: 'The payment provider is unavailable' })
@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly access: AccessService,
    private readonly cookies: VisitorCookies,
  ) {}

  @Post('create-checkout-session')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start checkout',
    description:
      "Opens a checkout for the plan at the payment provider (Stripe Checkout, or the sandbox page when no Stripe key is set) and answers where to send the visitor to pay. A signed-in member's or an earlier buyer's checkout reuses their customer. Sets the checkout cookie, which POST /api/activate-subscription needs in the same browser.",
  })
  // Anyone may buy; a purchase cookie or member session links the checkout to its customer.
  @ApiSecurity({})
  @ApiSecurity(ACCESS_COOKIE_SCHEME)
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A retry with the same key (from the same visitor) returns the same checkout session while it can be paid',
    schema: {
      type: 'string',
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      example: 'checkout-7f3a9c21',
    },
  })
  @ApiOkResponse({
    type: CheckoutResponseDto,
    description: 'Sets the httpOnly checkout cookie that binds the purchase to this browser',
  })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'Unknown tier or malformed Idempotency-Key',
  })
  async createCheckout(
    @Body() body: CheckoutRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<CheckoutResponseDto> {
    const started = await this.billing.createCheckout(
      body.tier,
      idempotencyKey,
      this.cookies.read(req),
    );
    this.cookies.set(res, this.cookies.checkout, started.checkoutToken);
    res.header('cache-control', 'no-store');
    return started.response;
  }

  @Post('activate-subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Activate after checkout',
    description:
      'Called by the success page with the checkout session id. Checks with the payment provider that the checkout is complete and paid, then gives the browser that started it access (the purchase cookie), once. Any other browser gets 403: the buyer signs in with the e-mail address they paid with instead.',
  })
  @ApiSecurity(CHECKOUT_COOKIE_SCHEME)
  @ApiOkResponse({
    type: ActivationResponseDto,
    description:
      'The first activation from the browser that started the checkout sets the httpOnly access cookie; a repeat answers the same without one',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed session id' })
  @ApiPaymentRequiredResponse({ type: ErrorDto, description: 'Checkout not complete or not paid' })
  @ApiForbiddenResponse({ type: ErrorDto, description: OTHER_BROWSER_MESSAGE })
  @ApiNotFoundResponse({
    type: ErrorDto,
    description: 'Unknown session, or not a plan of this site',
  })
  async activate(
    @Body() body: ActivationRequestDto,
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<ActivationResponseDto> {
    res.header('cache-control', 'no-store');
    const issued = await this.billing.activate(body.sessionId, this.cookies.read(req));
    if (issued.token) this.cookies.set(res, this.cookies.access, issued.token);
    return issued.response;
  }

  @Get('check-subscription')
  @ApiOperation({
    summary: 'Whether this visitor has access',
    description:
      'Whether the purchase cookie or the member session of this browser gives access to the Professional Trading App now. Without either the answer is false, never an error.',
  })
  @ApiSecurity({})
  @ApiSecurity(ACCESS_COOKIE_SCHEME)
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiOkResponse({
    type: SubscriptionCheckDto,
    description: 'From the member session or the purchase cookie',
  })
  async check(
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<SubscriptionCheckDto> {
    res.header('cache-control', 'no-store');
    return { hasAccess: await this.access.hasAccess(this.cookies.read(req)) };
  }

  @Post('create-portal-session')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Open the billing portal',
    description:
      "Opens the payment provider's customer portal (or the sandbox portal) for the customer with access linked to this browser, where the subscription can be changed or canceled; it returns to /account.",
  })
  @ApiSecurity(ACCESS_COOKIE_SCHEME)
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiOkResponse({ type: PortalResponseDto, description: 'Where to send the visitor' })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'No subscription with access here' })
  createPortal(@Req() req: VisitorRequest): Promise<PortalResponseDto> {
    return this.billing.createPortal(this.cookies.read(req));
  }
}
