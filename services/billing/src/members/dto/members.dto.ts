import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  Member,
  SignInAccepted,
  SignInConfirmed,
  SignInConfirmRequest,
  SignInLink,
  SignInRequest,
} from '@probedge/proto';
import { IsMailAddress } from '@probedge/kit';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

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

export class SignInChoiceRequestDto extends SignInConfirmRequestDto {
  @ApiPropertyOptional({
    description:
      'The address the link signs in, named again: needed when the link was asked for in another browser',
    example: 'ann@example.com',
    maxLength: 254,
  })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  confirmEmail?: string;

  @ApiPropertyOptional({
    description:
      'The member this browser is signed in as now: needed to switch it to the member of the link',
    example: 'bob@example.com',
    maxLength: 254,
  })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  switchFrom?: string;
}

export class SignInLinkQueryDto extends SignInConfirmRequestDto {}

export class SignInLinkDto implements SignInLink {
  @ApiProperty({ description: 'The address the link signs in', example: 'ann@example.com' })
  email!: string;

  @ApiProperty({
    description: 'Whether this browser asked for the link (it then signs in with one click)',
    example: true,
  })
  sameBrowser!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The member this browser is signed in as now, or null',
    example: null,
  })
  signedInAs!: string | null;
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
