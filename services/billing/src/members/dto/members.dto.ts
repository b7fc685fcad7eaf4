import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  Member,
  SignInAccepted,
  SignInConfirmed,
  SignInConfirmRequest,
  SignInRequest,
} from '@probedge/proto';
import { IsMailAddress } from '@probedge/kit';
import { IsOptional, IsString, Matches } from 'class-validator';

/** A path on this site: one leading slash, never "//" or "/\" (another host), no spaces. */
export const RETURN_TO_PATTERN = /^\/(?![/\\])[^\s\\]{0,299}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class SignInRequestDto implements SignInRequest {
  @ApiProperty({
    description: 'The address to mail the sign-in link to',
    example: 'ann@example.com',
    maxLength: 254,
  })
  @IsMailAddress()
  email!: string;

  @ApiPropertyOptional({
    example: '/professional-trading',
    description: 'A path on this site to open after signing in',
  })
  @IsOptional()
  @IsString()
  @Matches(RETURN_TO_PATTERN, { message: 'returnTo must be a path on this site, such as /account' })
  returnTo?: string;
}

export class SignInAcceptedDto implements SignInAccepted {
  @ApiProperty({
    example: 'If that address can receive mail, a sign-in link is on its way.',
    description: 'The same for every address, member or not',
  })
  message!: string;
}

export class SignInConfirmRequestDto implements SignInConfirmRequest {
  @ApiProperty({
    description: 'The token of the mailed link',
    pattern: TOKEN_PATTERN.source,
    example: 'Zm9yIGV4YW1wbGUgb25seTogbm90IGEgcmVhbCB0b2t',
  })
  @IsString()
  @Matches(TOKEN_PATTERN, { message: 'token is not a sign-in token' })
  token!: string;
}

export class MemberDto implements Member {
  @ApiProperty({ description: "The member's e-mail address", example: 'ann@example.com' })
  email!: string;
  @ApiProperty({
    description: 'Whether any subscription of the member gives access now',
    example: true,
  })
  hasAccess!: boolean;
  @ApiProperty({
    example: 'active',
    description: "The subscription's status at the payment provider, or 'none'",
  })
  status!: string;
}

export class SignInConfirmedDto extends MemberDto implements SignInConfirmed {
  @ApiProperty({ example: '/account', description: 'Where to go next' }) returnTo!: string;
}
