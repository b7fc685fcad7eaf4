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
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccessService } from '../access/access.service';
import { VisitorCookies } from '../access/visitor-cookies';
import { BillingService, OTHER_BROWSER_MESSAGE } from './billing.service';
import {
  ActivationRequestDto,
  ActivationResponseDto,
  CheckoutRequestDto,
  CheckoutResponseDto,
  ErrorDto,
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
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key returns the same checkout session',
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
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CheckoutResponseDto> {
    const started = await this.billing.createCheckout(
      body.tier,
      idempotencyKey,
      this.cookies.read(req),
    );
    this.cookies.set(res, this.cookies.checkout, started.checkoutToken);
    res.setHeader('Cache-Control', 'no-store');
    return started.response;
  }

  @Post('activate-subscription')
  @HttpCode(HttpStatus.OK)
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
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ActivationResponseDto> {
    res.setHeader('Cache-Control', 'no-store');
    const issued = await this.billing.activate(body.sessionId, this.cookies.read(req));
    if (issued.token) this.cookies.set(res, this.cookies.access, issued.token);
    return issued.response;
  }

  @Get('check-subscription')
  @ApiOkResponse({
    type: SubscriptionCheckDto,
    description: 'From the member session or the purchase cookie',
  })
  async check(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SubscriptionCheckDto> {
    res.setHeader('Cache-Control', 'no-store');
    return { hasAccess: await this.access.hasAccess(this.cookies.read(req)) };
  }

  @Post('create-portal-session')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: PortalResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'No subscription with access here' })
  createPortal(@Req() req: Request): Promise<PortalResponseDto> {
    return this.billing.createPortal(this.cookies.read(req));
  }
}
