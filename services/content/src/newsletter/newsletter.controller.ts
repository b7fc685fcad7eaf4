import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Post,
  Query,
  Req,
  Res,
  type Type,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  clientKey,
  ErrorDto,
  HTML_CONTENT_TYPE,
  RETRY_AFTER_HEADER,
  type ClientRequest,
  type PassthroughReply,
} from '@probedge/kit';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
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

/** The confirmation link answers a browser with a page and anything else with JSON. */
function pageOrJson(model: Type<unknown>): Record<string, { schema: object }> {
  return {
    'application/json': { schema: { $ref: getSchemaPath(model) } },
    'text/html': { schema: { type: 'string', description: 'The page the browser shows' } },
  };
}

/** The body of a link request may be empty when the query carries the token. */
const LINK_BODY = {
  type: NewsletterLinkRequestDto,
  required: false,
  description: 'The token of the link, unless the query carries it',
} as const;

const LINK_TOKEN_QUERY = {
  name: 'token',
  type: String,
  description:
    'The signed token of the link, when the body does not carry it (a mail client posting the one-click form)',
  example: 'q83vEjRWeJCrze8SNFZ4kA.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
} as const;

@ApiTags('newsletter')
@ApiExtraModels(NewsletterAnswerDto, ErrorDto)
@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly newsletter: NewsletterService,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Sign up for Daily Insights; a confirmation link is e-mailed (double opt-in)',
    description:
      'Mails a confirmation link to the address; the address gets the daily e-mails only once the link is opened. The answer is the same whether the address is new, waiting for confirmation or already subscribed.',
  })
  @ApiAcceptedResponse({
    type: NewsletterAnswerDto,
    description: 'The same answer for every address',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not an e-mail address we can mail' })
  @ApiTooManyRequestsResponse({
    type: ErrorDto,
    description: 'Too many sign-ups from this client; Retry-After says when to try again',
    headers: RETRY_AFTER_HEADER,
  })
  async signUp(
    @Body() body: NewsletterRequestDto,
    @Req() req: ClientRequest,
  ): Promise<NewsletterAnswerDto> {
    await this.newsletter.signUp(body.email, clientKey(req));
    return { message: SIGN_UP_ANSWER };
  }

  @Get('confirm')
  @ApiOperation({
    summary: 'Confirm a sign-up from the e-mailed link (HTML for browsers, else JSON)',
    description:
      'The link of the confirmation e-mail. A request that accepts text/html (a browser) gets a page saying how it went, with the same status; anything else gets JSON.',
  })
  @ApiQuery({
    name: 'token',
    type: String,
    required: true,
    description: 'The token of the e-mailed confirmation link',
    example: 'Qm9va3NBcmVHb29kRm9yWW91QW5kTWVUb29PaFllcwA',
  })
  @ApiOkResponse({
    description: 'The subscription is confirmed',
    content: pageOrJson(NewsletterAnswerDto),
  })
  @ApiBadRequestResponse({ description: 'Malformed token', content: pageOrJson(ErrorDto) })
  @ApiNotFoundResponse({ description: 'Unknown or expired token', content: pageOrJson(ErrorDto) })
  async confirm(
    @Query('token') token: unknown,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<NewsletterAnswerDto | string> {
    const wantsHtml = (accept ?? '').includes('text/html');
    let status: number = HttpStatus.OK;
    let message = 'Your subscription to Daily Insights is confirmed.';
    let unsubscribeUrl: string | undefined;
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
      status = HttpStatus.BAD_REQUEST;
      message = 'This confirmation link is malformed; copy the whole link from the e-mail.';
    } else {
      const confirmed = await this.newsletter.confirm(token);
      if (confirmed === null) {
        status = HttpStatus.NOT_FOUND;
        message =
          'This confirmation link is unknown or has expired; sign up again to get a new one.';
      } else {
        unsubscribeUrl = confirmed.unsubscribePage;
      }
    }
    if (!wantsHtml) {
      if (status === HttpStatus.BAD_REQUEST) throw new BadRequestException(message);
      if (status === HttpStatus.NOT_FOUND) throw new NotFoundException(message);
      return { message };
    }
    res.status(status);
    res.header('content-type', HTML_CONTENT_TYPE);
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
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody(LINK_BODY)
  @ApiQuery({ ...LINK_TOKEN_QUERY, required: false })
  @ApiOkResponse({ type: NewsletterAnswerDto, description: 'Unsubscribed (or already so)' })
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
  @ApiBody(LINK_BODY)
  @ApiQuery({ ...LINK_TOKEN_QUERY, required: false })
  @ApiOkResponse({ type: NewsletterAnswerDto, description: 'Subscribed again (or still so)' })
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
