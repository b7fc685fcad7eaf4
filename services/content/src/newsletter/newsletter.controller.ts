import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpException,
  HttpStatus,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { clientKey, RateLimiter } from '@probedge/kit';
import type { Request, Response } from 'express';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ErrorDto } from '../content/dto/content.dto';
import { NewsletterAnswerDto, NewsletterRequestDto } from './newsletter.dto';
import { confirmationPage } from './confirmation-page';
import { NewsletterService, TOKEN_PATTERN } from './newsletter.service';

export const SIGN_UP_ANSWER = 'Check your inbox to confirm your subscription.';

@ApiTags('newsletter')
@Controller('api/newsletter')
export class NewsletterController {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly newsletter: NewsletterService,
  ) {
    this.limiter = new RateLimiter(
      config.NEWSLETTER_RATE_LIMIT,
      config.NEWSLETTER_RATE_WINDOW_SECONDS * 1000,
    );
  }

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Sign up for Daily Insights; a confirmation link is e-mailed (double opt-in)',
  })
  @ApiAcceptedResponse({
    type: NewsletterAnswerDto,
    description: 'The same answer for every address',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiTooManyRequestsResponse({ type: ErrorDto })
  async signUp(
    @Body() body: NewsletterRequestDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NewsletterAnswerDto> {
    const wait = this.limiter.take(clientKey(req));
    if (wait !== undefined) {
      res.setHeader('Retry-After', String(wait));
      throw new HttpException(
        `Too many sign-ups from here; try again in ${wait} s`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    await this.newsletter.signUp(body.email);
    return { message: SIGN_UP_ANSWER };
  }

  @Get('confirm')
  @ApiOperation({
    summary: 'Confirm a sign-up from the e-mailed link (HTML for browsers, else JSON)',
  })
  @ApiQuery({ name: 'token', required: true })
  @ApiOkResponse({ type: NewsletterAnswerDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed token' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Unknown or expired token' })
  async confirm(
    @Query('token') token: unknown,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NewsletterAnswerDto | string> {
    const wantsHtml = (accept ?? '').includes('text/html');
    let status: number = HttpStatus.OK;
    let message = 'Your subscription to Daily Insights is confirmed.';
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      status = HttpStatus.BAD_REQUEST;
      message = 'This confirmation link is malformed; copy the whole link from the e-mail.';
    } else if (!(await this.newsletter.confirm(token))) {
      status = HttpStatus.NOT_FOUND;
      message = 'This confirmation link is unknown or has expired; sign up again to get a new one.';
    }
    if (!wantsHtml) {
      if (status === HttpStatus.BAD_REQUEST) throw new BadRequestException(message);
      if (status === HttpStatus.NOT_FOUND) throw new NotFoundException(message);
      return { message };
    }
    res.status(status).type('html');
    return confirmationPage(status === HttpStatus.OK, message, {
      publicUrl: this.config.PUBLIC_URL,
      brandName: this.config.BRAND_NAME,
      supportEmail: this.config.SUPPORT_EMAIL,
    });
  }
}
