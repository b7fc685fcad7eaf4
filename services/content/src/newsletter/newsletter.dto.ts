import { ApiProperty } from '@nestjs/swagger';
import type { NewsletterRequest } from '@probedge/proto';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength } from 'class-validator';

export class NewsletterRequestDto implements NewsletterRequest {
  @ApiProperty({ example: 'reader@example.com', maxLength: 254 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email!: string;
}

export class NewsletterAnswerDto {
  @ApiProperty({ example: 'Check your inbox to confirm your subscription.' })
  message!: string;
}
