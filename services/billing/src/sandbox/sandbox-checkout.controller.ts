import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ErrorDto, type PassthroughReply } from '@probedge/kit';
import { formPage, seeOther } from './sandbox-answer';
import { SandboxCheckoutFormDto, SandboxSessionParamDto } from './dto/sandbox-checkout.dto';
import { HTML_PAGE, redirectTo } from './sandbox-pages.openapi';
import { SANDBOX_SESSION_PATTERN } from './sandbox.provider';
import { sandboxCheckoutPage } from './sandbox-checkout.page';
import { SandboxCheckoutService, type SandboxPayment } from './sandbox-checkout.service';

const SESSION_PARAM = {
  name: 'id',
  type: String,
  description: 'The sandbox checkout session id (cs_sandbox_...)',
  schema: { type: 'string', pattern: SANDBOX_SESSION_PATTERN.source },
  example: 'cs_sandbox_4fQ9a2Lm7Xc1Vb8Nz3Rt6Yw0',
} as const;

const TO_SUCCESS_PAGE = redirectTo(
  'https://probedge.example/subscribe/success?session_id=cs_sandbox_4fQ9a2Lm7Xc1Vb8Nz3Rt6Yw0',
);

const NO_SESSION = {
  type: ErrorDto,
  description: 'Unknown session, or Stripe is configured (the sandbox is off)',
} as const;

@ApiTags('sandbox billing')
@ApiExtraModels(ErrorDto)
@Controller('api/billing/sandbox-checkout')
export class SandboxCheckoutController {
  constructor(private readonly checkout: SandboxCheckoutService) {}

  @Get(':id')
  @ApiOperation({
    summary: 'Sandbox checkout page (only without a Stripe key)',
    description:
      'Where a checkout sends the visitor when no Stripe key is set: a page that stands in for Stripe Checkout, asking only for an e-mail address. No payment is taken.',
  })
  @ApiParam(SESSION_PARAM)
  @ApiOkResponse({ description: 'The sandbox checkout page', content: HTML_PAGE })
  @ApiResponse({
    status: 303,
    description: 'Paid already: on to the success page',
    headers: TO_SUCCESS_PAGE,
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a sandbox checkout session id' })
  @ApiNotFoundResponse(NO_SESSION)
  async show(
    @Param() params: SandboxSessionParamDto,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<string> {
    return this.answer(res, await this.checkout.show(params.id));
  }

  @Post(':id')
  @ApiOperation({
    summary: 'Pay in the sandbox checkout (a form post)',
    description:
      "The sandbox checkout page's form: completes the checkout as paid for the address given, as Stripe would after a payment, and sends the browser on to the success page.",
  })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiParam(SESSION_PARAM)
  @ApiResponse({
    status: 303,
    description: 'Paid: on to the success page',
    headers: TO_SUCCESS_PAGE,
  })
  @ApiBadRequestResponse({
    description:
      'Not an e-mail address: the page again, saying why; or not a sandbox checkout session id (JSON)',
    content: {
      ...HTML_PAGE,
      'application/json': { schema: { $ref: getSchemaPath(ErrorDto) } },
    },
  })
  @ApiNotFoundResponse(NO_SESSION)
  async pay(
    @Param() params: SandboxSessionParamDto,
    @Body() body: SandboxCheckoutFormDto,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<string> {
    return this.answer(res, await this.checkout.pay(params.id, body.email));
  }

  private answer(res: PassthroughReply, payment: SandboxPayment): string {
    res.header('cache-control', 'no-store');
    if (payment.paid) return seeOther(res, payment.successUrl);
    return formPage(res, payment.view.error ? 400 : 200, sandboxCheckoutPage(payment.view));
  }
}
