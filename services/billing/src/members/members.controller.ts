import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { VisitorCookies } from '../access/visitor-cookies';
import { ErrorDto } from '../billing/dto/billing.dto';
import {
  MemberDto,
  SignInAcceptedDto,
  SignInConfirmedDto,
  SignInConfirmRequestDto,
  SignInRequestDto,
} from './dto/members.dto';
import { MembersService, SignInLimitedError } from './members.service';

@ApiTags('members')
@Controller('api/members')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly cookies: VisitorCookies,
  ) {}

  @Post('sign-in')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    type: SignInAcceptedDto,
    description: 'A single-use link (20 minutes) is mailed; the answer is the same for any address',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not an e-mail address we can mail' })
  @ApiTooManyRequestsResponse({
    type: ErrorDto,
    description: 'Too many links for this address (Retry-After says when to try again)',
  })
  async signIn(
    @Body() body: SignInRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInAcceptedDto> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      return { message: await this.members.requestSignIn(body.email, body.returnTo) };
    } catch (error) {
      if (error instanceof SignInLimitedError)
        res.setHeader('Retry-After', String(error.retryAfter));
      throw error;
    }
  }

  @Post('sign-in/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    type: SignInConfirmedDto,
    description: 'Sets the httpOnly member session cookie',
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Not a sign-in token' })
  @ApiGoneResponse({ type: ErrorDto, description: 'The link was used, expired or is unknown' })
  async confirm(
    @Body() body: SignInConfirmRequestDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInConfirmedDto> {
    res.setHeader('Cache-Control', 'no-store');
    const started = await this.members.confirm(body.token);
    this.cookies.set(res, this.cookies.member, started.sessionToken);
    return started.confirmed;
  }

  @Post('sign-out')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The member session is revoked and its cookie cleared' })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.members.signOut(this.cookies.read(req).memberToken);
    this.cookies.clear(res, this.cookies.member);
  }

  @Get('me')
  @ApiOkResponse({ type: MemberDto })
  @ApiUnauthorizedResponse({ type: ErrorDto, description: 'Not signed in' })
  async me(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MemberDto> {
    res.setHeader('Cache-Control', 'no-store');
    const member = await this.members.me(this.cookies.read(req).memberToken);
    if (!member) throw new UnauthorizedException('Not signed in');
    return member;
  }
}
