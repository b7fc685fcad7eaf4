import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTENT_CATEGORIES, SLUG_MAX_LENGTH, SLUG_PATTERN } from '@probedge/proto';
import type { ContentItem, ContentListItem } from '@probedge/proto';
import { Matches } from 'class-validator';

export class SlugParams {
  @ApiProperty({
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
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'position-sizing-basics' }) slug!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    description: `One of ${CONTENT_CATEGORIES.join(', ')}; other values may exist and are hidden by the web app`,
  })
  category!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class ContentItemDto extends ContentListItemDto implements ContentItem {
  @ApiProperty({ description: 'The article body, shown as preformatted text' }) content!: string;
}

export class ErrorDto {
  @ApiProperty({ example: 404 }) statusCode!: number;
  @ApiProperty({ example: 'Not Found' }) error!: string;
  @ApiProperty() message!: string;
  @ApiPropertyOptional() requestId?: string;
}
