import { ApiProperty } from '@nestjs/swagger';
import { CONTENT_CATEGORIES, SLUG_MAX_LENGTH, SLUG_PATTERN } from '@probedge/proto';
import type { ContentItem, ContentListItem } from '@probedge/proto';
import { Matches } from 'class-validator';

export class SlugParams {
  @ApiProperty({
    description: "The guide's or blog's slug: lowercase letters, digits and hyphens",
    pattern: SLUG_PATTERN.source,
    maxLength: SLUG_MAX_LENGTH,
    example: 'position-sizing-basics',
  })
  @Matches(SLUG_PATTERN, {
    message: `slug must be lowercase letters, digits and hyphens, at most ${SLUG_MAX_LENGTH} characters`,
  })
  slug!: string;
}

export class ContentListItemDto implements ContentListItem {
  @ApiProperty({
    format: 'uuid',
    description: 'Stable id of the guide or blog',
    example: '3f0c2a8e-5b1d-4e7a-9c64-2d8f1b7e4a90',
  })
  id!: string;
  @ApiProperty({
    description: 'Its address on the site: /guide/{slug} or /blog/{slug}',
    example: 'position-sizing-basics',
  })
  slug!: string;
  @ApiProperty({ description: 'The title', example: 'Position Sizing Basics' }) title!: string;
  @ApiProperty({
    description: 'A sentence or two on what it covers',
    example: 'How much to put into one trade so that a loss never ends the account.',
  })
  description!: string;
  @ApiProperty({
    description: `One of ${CONTENT_CATEGORIES.join(', ')}; other values may exist and are hidden by the web app`,
    example: 'position-sizing',
  })
  category!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When it was first published',
    example: '2026-03-02T09:00:00.000Z',
  })
  createdAt!: string;
}

export class ContentItemDto extends ContentListItemDto implements ContentItem {
  @ApiProperty({
    description: 'The article body, shown as preformatted text',
    example: 'Risk a fixed share of the account on each trade, such as 1%.',
  })
  content!: string;
}
