import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { SandboxCheckoutFormDto, SandboxSessionParamDto } from './dto/sandbox-checkout.dto';
import { sandboxCheckoutPage } from './sandbox-checkout.page';
import { SandboxCheckoutService, type SandboxPayment } from './sandbox-checkout.service';

@ApiTags('sandbox billing')
@Controller('api/billing/sandbox-checkout')
export class SandboxCheckoutController {
  constructor(private readonly checkout: SandboxCheckoutService) {}

  @Get(':id')
  @ApiProduces('text/html')
  @ApiParam({ name: 'id', description: 'The sandbox checkout session id (cs_sandbox_...)' })
  @ApiOkResponse({ description: 'The sandbox checkout page (only without a Stripe key)' })
  @ApiResponse({ status: 303, description: 'Paid already: on to the success page' })
  @ApiNotFoundResponse({ description: 'Unknown session, or Stripe is configured' })
  async show(@Param() params: SandboxSessionParamDto, @Res() res: Response): Promise<void> {
    this.answer(res, await this.checkout.show(params.id));
  }

  @Post(':id')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiProduces('text/html')
  @ApiParam({ name: 'id', description: 'The sandbox checkout session id (cs_sandbox_...)' })
  @ApiResponse({ status: 303, description: 'Paid: on to the success page' })
  @ApiBadRequestResponse({ description: 'Not an e-mail address: the page again, saying why' })
  @ApiNotFoundResponse({ description: 'Unknown session, or Stripe is configured' })
  async pay(
    @Param() params: SandboxSessionParamDto,
    @Body() body: SandboxCheckoutFormDto,
    @Res() res: Response,
  ): Promise<void> {
    this.answer(res, await this.checkout.pay(params.id, body.email));
  }

  private answer(res: Response, payment: SandboxPayment): void {
    res.setHeader('Cache-Control', 'no-store');
    if (payment.paid) {
      res.redirect(303, payment.successUrl);
      return;
    }
    res
      .status(payment.view.error ? 400 : 200)
      .type('html')
      // The form posts back to this page; no-referrer would send `Origin: null`, which the gateway
      // refuses as a foreign page.
      .setHeader('Referrer-Policy', 'same-origin')
      .send(sandboxCheckoutPage(payment.view));
  }
}
