import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorDto, type PassthroughReply } from '@probedge/kit';
import type { VisitorRequest } from '../access/visitor-cookies';
import { formPage, seeOther } from './sandbox-answer';
import { ACCESS_COOKIE_SCHEME, MEMBER_SESSION_SCHEME } from '../access/security-schemes';
import { VisitorCookies } from '../access/visitor-cookies';
import { BILLING_CONFIG } from '../config/billing-config';
import type { BillingConfig } from '../config/env';
import { sandboxPortalPage } from './sandbox-portal.page';
import { SandboxPortalService } from './sandbox-portal.service';
import { HTML_PAGE, redirectTo } from './sandbox-pages.openapi';
import { SANDBOX_PORTAL_PATH } from './sandbox.provider';

@ApiTags('sandbox billing')
@ApiSecurity(ACCESS_COOKIE_SCHEME)
@ApiSecurity(MEMBER_SESSION_SCHEME)
@Controller('api/billing/sandbox-portal')
export class SandboxPortalController {
  constructor(
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly portal: SandboxPortalService,
    private readonly cookies: VisitorCookies,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Sandbox customer portal (only without a Stripe key)',
    description:
      "Where POST /api/create-portal-session sends the visitor when no Stripe key is set: a page that stands in for Stripe's customer portal, listing the subscriptions linked to this browser with a button to cancel them.",
  })
  @ApiOkResponse({ description: 'The sandbox customer portal', content: HTML_PAGE })
  @ApiResponse({
    status: 401,
    description: 'No subscription is linked to this browser: the page says so',
    content: HTML_PAGE,
  })
  async show(
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<string> {
    const view = await this.portal.view(this.cookies.read(req));
    return formPage(
      res,
      view.status,
      sandboxPortalPage(view.subscriptions, {
        returnUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/account`,
        brandName: this.config.BRAND_NAME,
        supportEmail: this.config.SUPPORT_EMAIL,
      }),
    );
  }

  @Post('cancel')
  @ApiOperation({
    summary: 'Cancel the subscription in the sandbox portal',
    description:
      "The sandbox portal's cancel button: cancels every subscription linked to this browser at once, as a cancellation in Stripe's portal would be recorded, then shows the portal again.",
  })
  @ApiResponse({
    status: 303,
    description: 'Canceled; back to the sandbox portal page',
    headers: redirectTo(SANDBOX_PORTAL_PATH),
  })
  @ApiUnauthorizedResponse({
    type: ErrorDto,
    description: 'No subscription is linked to this browser',
  })
  async cancel(
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<string> {
    await this.portal.cancel(this.cookies.read(req));
    return seeOther(res, SANDBOX_PORTAL_PATH);
  }
}
