import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
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
  RETRY_AFTER_HEADER,
  type ClientRequest,
  type PassthroughReply,
} from '@probedge/kit';
import {
  NewsletterAnswerDto,
  NewsletterLinkRequestDto,
  NewsletterRequestDto,
} from './newsletter.dto';
import { NewsletterAnswers } from './newsletter-answers';

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
  constructor(private readonly answers: NewsletterAnswers) {}

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
    return this.answers.signUp(body.email, clientKey(req));
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
    return this.answers.confirm(token, accept, res);
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
    return this.answers.unsubscribe(body, queryToken);
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
    return this.answers.resubscribe(body, queryToken);
  }
}
