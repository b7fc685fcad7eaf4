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
import {
  NewsletterAnswerDto,
  NewsletterLinkRequestDto,
  NewsletterRequestDto,
} from './newsletter.dto';
import { confirmationPage } from './confirmation-page';
import { NewsletterService, TOKEN_PATTERN, type LinkOutcome } from './newsletter.service';
import { UNSUBSCRIBE_TOKEN_PATTERN } from './unsubscribe-token';

export const SIGN_UP_ANSWER = 'Check your inbox to confirm your subscription.';
export const LINK_ANSWERS = {
  unsubscribed:
    'You are unsubscribed from Daily Insights; no more e-mails will be sent to this address.',
  resubscribed: 'Welcome back: you are subscribed to Daily Insights again.',
  malformed: 'This link is malformed; open the whole link from the e-mail.',
  unknown: 'This link is unknown; sign up again on the home page if you want the e-mails.',
} as const;

/** The token of a link request, from the body or the query; 400 when missing or malformed. */
function linkToken(body: NewsletterLinkRequestDto, queryToken: unknown): string {
  const token = body.token ?? queryToken;
  if (typeof token !== 'string' || !UNSUBSCRIBE_TOKEN_PATTERN.test(token)) {
    throw new BadRequestException(LINK_ANSWERS.malformed);
  }
  return token;
}

function answerFor(outcome: LinkOutcome, message: string): NewsletterAnswerDto {
  if (outcome === 'unknown') throw new NotFoundException(LINK_ANSWERS.unknown);
  return { message };
}

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
    let unsubscribeUrl: string | undefined;
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      status = HttpStatus.BAD_REQUEST;
      message = 'This confirmation link is malformed; copy the whole link from the e-mail.';
    } else {
      const subscriberId = await this.newsletter.confirm(token);
      if (subscriberId === null) {
        status = HttpStatus.NOT_FOUND;
        message =
          'This confirmation link is unknown or has expired; sign up again to get a new one.';
      } else if (wantsHtml) {
        unsubscribeUrl = (await this.newsletter.unsubscribeLinks(subscriberId)).page;
      }
    }
    if (!wantsHtml) {
      if (status === HttpStatus.BAD_REQUEST) throw new BadRequestException(message);
      if (status === HttpStatus.NOT_FOUND) throw new NotFoundException(message);
      return { message };
    }
    res.status(status).type('html');
    return confirmationPage(
      status === HttpStatus.OK,
      message,
      {
        publicUrl: this.config.PUBLIC_URL,
        brandName: this.config.BRAND_NAME,
        supportEmail: this.config.SUPPORT_EMAIL,
      },
      unsubscribeUrl,
    );
  }

  @Post('unsubscribe')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Unsubscribe at once with the signed token of a link (RFC 8058 one-click)',
    description:
      'Idempotent. Mail clients POST `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe URL, which carries the token as ?token=; the web page sends {"token"} as JSON.',
  })
  @ApiQuery({ name: 'token', required: false })
  @ApiOkResponse({ type: NewsletterAnswerDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Missing or malformed token' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Unknown token' })
  async unsubscribe(
    @Body() body: NewsletterLinkRequestDto,
    @Query('token') queryToken: unknown,
  ): Promise<NewsletterAnswerDto> {
    const outcome = await this.newsletter.unsubscribe(linkToken(body, queryToken));
    return answerFor(outcome, LINK_ANSWERS.unsubscribed);
  }

  @Post('resubscribe')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Back on the list with the signed token of an unsubscribe link',
    description: 'Idempotent; the link reached the address, so no new confirmation is asked.',
  })
  @ApiOkResponse({ type: NewsletterAnswerDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Missing or malformed token' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Unknown token' })
  async resubscribe(
    @Body() body: NewsletterLinkRequestDto,
    @Query('token') queryToken: unknown,
  ): Promise<NewsletterAnswerDto> {
    const outcome = await this.newsletter.resubscribe(linkToken(body, queryToken));
    return answerFor(outcome, LINK_ANSWERS.resubscribed);
  }
}
