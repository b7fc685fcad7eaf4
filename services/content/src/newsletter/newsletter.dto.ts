import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { NewsletterAnswer, NewsletterRequest } from '@probedge/proto';
import { IsMailAddress } from '@probedge/kit';

export class NewsletterRequestDto implements NewsletterRequest {
  @ApiProperty({
    example: 'reader@example.com',
    maxLength: 254,
    description:
      'Stored lower-cased and NFC-normalised; control characters, quotes and < > ( ) [ ] , ; : \\ are refused',
  })
  @IsMailAddress()
  email!: string;
}

export class NewsletterAnswerDto implements NewsletterAnswer {
  @ApiProperty({
    description: 'What happened, in a sentence the page shows as it is',
    example: 'Check your inbox to confirm your subscription.',
  })
  message!: string;
}

/**
 * An unsubscribe or resubscribe: the signed token from the link, in the body (the web page) or in
 * the query (a mail client's RFC 8058 one-click POST, whose form body says only
 * `List-Unsubscribe=One-Click`).
 */
export class NewsletterLinkRequestDto {
  @ApiPropertyOptional({
    description: 'The signed token of the link (or give it as ?token=)',
    example: 'q83vEjRWeJCrze8SNFZ4kA.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  token?: string;

  @ApiPropertyOptional({
    name: 'List-Unsubscribe',
    enum: ['One-Click'],
    description: 'Sent by mail clients (RFC 8058)',
    example: 'One-Click',
  })
  @IsOptional()
  @IsIn(['One-Click'])
  'List-Unsubscribe'?: string;
}
