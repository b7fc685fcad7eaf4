import { ApiProperty } from '@nestjs/swagger';
import type { NewsletterRequest } from '@probedge/proto';
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

export class NewsletterAnswerDto {
  @ApiProperty({ example: 'Check your inbox to confirm your subscription.' })
  message!: string;
}
