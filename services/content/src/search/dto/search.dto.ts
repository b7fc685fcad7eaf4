import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONTENT_KINDS, SEARCH_LIMITS } from '@probedge/proto';
import type { ContentKind, SearchResponse, SearchResult, SearchSnippetPart } from '@probedge/proto';
import { IsSearchQuery, SEARCH_LIMIT_MESSAGE, SEARCH_LIMIT_PATTERN } from '@probedge/kit';
import { IsIn, IsOptional, Matches } from 'class-validator';

export const TYPE_MESSAGE = `type must be one of ${CONTENT_KINDS.join(', ')}`;

export class SearchQueryDto {
  @ApiProperty({
    minLength: SEARCH_LIMITS.minQuery,
    maxLength: SEARCH_LIMITS.maxQuery,
    example: 'position sizing',
    description:
      'Words to find, in web-search syntax: "quoted phrase", or, -excluded. Control characters count as spaces; the length is checked after trimming.',
  })
  @IsSearchQuery()
  q!: string;

  @ApiPropertyOptional({
    enum: CONTENT_KINDS,
    description: 'Only guides or only blogs',
    example: 'guide',
  })
  @IsOptional()
  @IsIn(CONTENT_KINDS, { message: TYPE_MESSAGE })
  type?: ContentKind;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_LIMITS.maxLimit,
    default: SEARCH_LIMITS.defaultLimit,
    description: 'How many hits, best first',
    example: 10,
  })
  @IsOptional()
  @Matches(SEARCH_LIMIT_PATTERN, { message: SEARCH_LIMIT_MESSAGE })
  limit?: string;
}

export class SearchSnippetPartDto implements SearchSnippetPart {
  @ApiProperty({ description: 'Plain text, never HTML', example: 'size each position' })
  text!: string;
  @ApiProperty({ description: 'Whether this part matched the query', example: true })
  highlight!: boolean;
}

export class SearchResultDto implements SearchResult {
  @ApiProperty({ enum: CONTENT_KINDS, description: 'What was found', example: 'guide' })
  type!: ContentKind;
  @ApiProperty({ description: 'The slug', example: 'position-sizing-basics' }) id!: string;
  @ApiProperty({ description: 'The title', example: 'Position Sizing Basics' }) title!: string;
  @ApiProperty({ description: 'The page on the site', example: '/guide/position-sizing-basics' })
  url!: string;
  @ApiProperty({
    type: [SearchSnippetPartDto],
    description:
      'Up to two fragments of the body around the matches; the description when only the title or description matched',
  })
  snippet!: SearchSnippetPartDto[];
  @ApiProperty({ description: "The guide's or blog's category", example: 'position-sizing' })
  category!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When it was first published',
    example: '2026-03-02T09:00:00.000Z',
  })
  publishedAt!: string;
  @ApiProperty({
    description:
      'PostgreSQL ts_rank_cd with normalisation 32 (0 to 1) over title (weight A), description (B) and body (C); higher is better',
    example: 0.0909,
  })
  rank!: number;
}

export class SearchResponseDto implements SearchResponse {
  @ApiProperty({
    description: 'The query as searched: control characters as spaces, trimmed',
    example: 'position sizing',
  })
  query!: string;
  @ApiProperty({
    enum: [...CONTENT_KINDS, 'all'],
    description: 'The type searched, or all',
    example: 'all',
  })
  type!: ContentKind | 'all';
  @ApiProperty({ type: [SearchResultDto], description: 'Best first, then newest first' })
  results!: SearchResultDto[];
}
