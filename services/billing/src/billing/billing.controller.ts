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
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPaymentRequiredResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { readCookie } from '../access/access-cookie.util';
import { BillingService } from './billing.service';
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
  constructor(private readonly billing: BillingService) {}

  @Post('create-checkout-session')
  @HttpCode(HttpStatus.OK)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key returns the same checkout session',
  })
  @ApiOkResponse({ type: CheckoutResponseDto })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'Unknown tier or malformed Idempotency-Key',
  })
  createCheckout(
    @Body() body: CheckoutRequestDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() req: Request,
  ) {
    return this.billing.createCheckout(body.tier, idempotencyKey, this.token(req));
  }

  @Post('activate-subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: ActivationResponseDto, description: 'Sets the httpOnly access cookie' })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed session id' })
  @ApiPaymentRequiredResponse({ type: ErrorDto, description: 'Checkout not complete or not paid' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Unknown session, or not a ProbEdge plan' })
  async activate(@Body() body: ActivationRequestDto, @Res({ passthrough: true }) res: Response) {
    const issued = await this.billing.activate(body.sessionId);
    const cookie = this.billing.cookie;
    res.cookie(cookie.name, issued.token, cookie.options);
    res.setHeader('Cache-Control', 'no-store');
    return issued.response;
  }

  @Get('check-subscription')
  @ApiOkResponse({ type: SubscriptionCheckDto })
  async check(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    return { hasAccess: await this.billing.hasAccess(this.token(req)) };
  }

  @Post('create-portal-session')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: PortalResponseDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'No valid access cookie' })
  createPortal(@Req() req: Request) {
    return this.billing.createPortal(this.token(req));
  }

  private token(req: Request): string | undefined {
    return readCookie(req.headers.cookie, this.billing.cookie.name);
  }
}
