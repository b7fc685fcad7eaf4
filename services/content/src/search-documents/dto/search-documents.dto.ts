import { ApiProperty } from '@nestjs/swagger';
import { CONTENT_KINDS } from '@probedge/proto';
import type { ContentKind, SiteDocument, SiteDocumentsResponse } from '@probedge/proto';

export class SiteDocumentDto implements SiteDocument {
  @ApiProperty({ enum: CONTENT_KINDS, description: 'A guide or a blog post', example: 'guide' })
  kind!: ContentKind;
  @ApiProperty({
    description: 'The slug, unique within its kind',
    example: 'position-sizing-basics',
  })
  slug!: string;
  @ApiProperty({ description: 'The title', example: 'Position Sizing Basics' })
  title!: string;
  @ApiProperty({
    description: 'A sentence or two on what it covers',
    example: 'How much to put into one trade so that a loss never ends the account.',
  })
  description!: string;
  @ApiProperty({ description: 'The category as written in its file', example: 'position-sizing' })
  category!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When it was first published',
    example: '2026-03-02T09:00:00.000Z',
  })
  publishedAt!: string;
  @ApiProperty({
    type: [String],
    description:
      'The body as plain text, one passage per line of it (a paragraph, heading, list item or table row), in order',
    example: ['Why size matters', 'Risk a fixed share of the account on each trade.'],
  })
  passages!: string[];
}

export class SiteDocumentsResponseDto implements SiteDocumentsResponse {
  @ApiProperty({
    type: [SiteDocumentDto],
    description: 'Every guide and blog post, guides first, each kind by slug',
  })
  documents!: SiteDocumentDto[];
}
