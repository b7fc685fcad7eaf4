import { Controller, Get, Inject, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { VisitorCookies } from '../access/visitor-cookies';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { sandboxPortalPage } from './sandbox-portal.page';
import { SandboxPortalService } from './sandbox-portal.service';
import { SANDBOX_PORTAL_PATH } from './sandbox.provider';

@ApiTags('sandbox billing')
@Controller('api/billing/sandbox-portal')
export class SandboxPortalController {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly portal: SandboxPortalService,
    private readonly cookies: VisitorCookies,
  ) {}

  @Get()
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'Sandbox customer portal (only without a Stripe key)' })
  @ApiResponse({ status: 401, description: 'No access cookie: the page says so' })
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const subscriptions = await this.portal.subscriptions(this.cookies.read(req));
    const returnUrl = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`;
    res
      .status(subscriptions === null ? 401 : 200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      // Under the default no-referrer policy the browser sends `Origin: null` with the cancel form,
      // which the gateway refuses as a foreign page.
      .setHeader('Referrer-Policy', 'same-origin')
      .send(
        sandboxPortalPage(subscriptions, {
          returnUrl,
          brandName: this.config.BRAND_NAME,
          supportEmail: this.config.SUPPORT_EMAIL,
        }),
      );
  }

  @Post('cancel')
  @ApiResponse({ status: 303, description: 'Canceled; back to the sandbox portal page' })
  @ApiResponse({ status: 401, description: 'No access cookie' })
  async cancel(@Req() req: Request, @Res() res: Response): Promise<void> {
    const canceled = await this.portal.cancel(this.cookies.read(req));
    if (!canceled) {
      throw new UnauthorizedException('No subscription is linked to this browser');
    }
    res.redirect(303, SANDBOX_PORTAL_PATH);
  }
}
