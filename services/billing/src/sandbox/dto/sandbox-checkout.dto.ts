import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { SANDBOX_SESSION_PATTERN } from '../sandbox.provider';

export class SandboxSessionParamDto {
  @IsString()
  @Matches(SANDBOX_SESSION_PATTERN, { message: 'id is not a sandbox checkout session id' })
  id!: string;
}

/** The checkout page's form; a bad address is answered on the page, not as JSON. */
export class SandboxCheckoutFormDto {
  @ApiPropertyOptional({ description: "The buyer's e-mail address", example: 'ann@example.com' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  email?: string;
}
