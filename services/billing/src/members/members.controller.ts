import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorDto, RETRY_AFTER_HEADER, type PassthroughReply } from '@probedge/kit';
import type { VisitorRequest } from '../access/visitor-cookies';
import { MEMBER_SESSION_SCHEME } from '../access/security-schemes';
import { VisitorCookies } from '../access/visitor-cookies';
import {
  MemberDto,
  SignInAcceptedDto,
  SignInChoiceRequestDto,
  SignInConfirmedDto,
  SignInLinkDto,
  SignInLinkQueryDto,
  SignInRequestDto,
} from './dto/members.dto';
import { MembersService } from './members.service';

@ApiTags('members')
@Controller('api/members')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly cookies: VisitorCookies,
  ) {}

  @Post('sign-in')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Mail a single-use sign-in link',
    description:
      'Mails a link that signs the address in once, within 20 minutes. Whether the address belongs to a member or not, the answer is the same, so it tells nobody who is one. Each address gets a limited number of links per window.',
  })
  @ApiAcceptedResponse({
    type: SignInAcceptedDto,
    description: 'A single-use link (20 minutes) is mailed; the answer is the same for any address',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not an e-mail address we can mail' })
  @ApiTooManyRequestsResponse({
    type: ErrorDto,
    description: 'Too many links for this address (Retry-After says when to try again)',
    headers: RETRY_AFTER_HEADER,
  })
  async signIn(
    @Body() body: SignInRequestDto,
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<SignInAcceptedDto> {
    res.header('cache-control', 'no-store');
    const requested = await this.members.requestSignIn(
      body.email,
      body.returnTo,
      this.cookies.read(req).signInToken,
    );
    this.cookies.set(res, this.cookies.signIn, requested.browserToken);
    return { message: requested.message };
  }

  @Get('sign-in/link')
  @ApiOperation({
    summary: 'Who a sign-in link would sign in',
    description:
      'Reads a link without using it: the address it signs in, whether this browser asked for it, and who is signed in here now. The confirm page shows this before anyone decides.',
  })
  @ApiSecurity({})
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiOkResponse({ type: SignInLinkDto, description: 'The link is usable' })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a sign-in token' })
  @ApiGoneResponse({ type: ErrorDto, description: 'The link was used, expired or is unknown' })
  async link(
    @Query() query: SignInLinkQueryDto,
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<SignInLinkDto> {
    res.header('cache-control', 'no-store');
    return this.members.lookup(query.token, this.cookies.read(req));
  }

  @Post('sign-in/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Start a member session from a sign-in link',
    description:
      'Called when the person chooses to sign in on the page the mailed link opens. Uses the link up and sets the member session cookie. In a browser that did not ask for the link, `confirmEmail` must name its address; a browser signed in as another member is switched only with `switchFrom` naming that member.',
  })
  @ApiSecurity({})
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiOkResponse({
    type: SignInConfirmedDto,
    description: 'Sets the httpOnly member session cookie',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a sign-in token' })
  @ApiConflictResponse({
    type: ErrorDto,
    description:
      'The link is valid but needs a choice first: the address confirmed (another browser asked for it) or the switch from the member signed in here',
  })
  @ApiGoneResponse({ type: ErrorDto, description: 'The link was used, expired or is unknown' })
  async confirm(
    @Body() body: SignInChoiceRequestDto,
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<SignInConfirmedDto> {
    res.header('cache-control', 'no-store');
    const started = await this.members.confirm(body.token, this.cookies.read(req), {
      confirmEmail: body.confirmEmail,
      switchFrom: body.switchFrom,
    });
    this.cookies.set(res, this.cookies.member, started.sessionToken);
    return started.confirmed;
  }

  @Post('sign-out')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'End the member session',
    description:
      'Revokes the member session of this browser, if any, and clears its cookie. The purchase cookie is left alone.',
  })
  @ApiSecurity({})
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiNoContentResponse({ description: 'The member session is revoked and its cookie cleared' })
  async signOut(
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<void> {
    await this.members.signOut(this.cookies.read(req).memberToken);
    this.cookies.clear(res, this.cookies.member);
  }

  @Get('me')
  @ApiOperation({
    summary: 'The signed-in member and their access',
    description:
      "The member of this browser's session: their e-mail address and whether any of their subscriptions gives access now.",
  })
  @ApiSecurity(MEMBER_SESSION_SCHEME)
  @ApiOkResponse({ type: MemberDto, description: 'The signed-in member' })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'Not signed in' })
  async me(
    @Req() req: VisitorRequest,
    @Res({ passthrough: true }) res: PassthroughReply,
  ): Promise<MemberDto> {
    res.header('cache-control', 'no-store');
    return this.members.me(this.cookies.read(req).memberToken);
  }
}
