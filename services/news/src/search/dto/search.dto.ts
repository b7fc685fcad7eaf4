import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  SEARCH_LIMITS,
  SEARCH_TYPES,
  type SearchType,
  type SearchResponse,
  type SearchResult,
  type SearchSnippetPart,
} from '@probedge/proto';
import { IsSearchQuery, SEARCH_LIMIT_MESSAGE, SEARCH_LIMIT_PATTERN } from '@probedge/kit';
import { IsIn, IsOptional, Matches } from 'class-validator';

export const SEARCH_TYPE_MESSAGE = `type must be one of ${SEARCH_TYPES.join(', ')}`;

export class SearchQuery {
  @ApiProperty({
    description:
      'Words to look for, web-search style: "quoted phrase", or, -excluded. Control characters count as spaces, a run of spaces as one; the ends are trimmed.',
    minLength: SEARCH_LIMITS.minQuery,
    maxLength: SEARCH_LIMITS.maxQuery,
    example: 'interest rates',
  })
  @IsSearchQuery()
  q!: string;

  @ApiPropertyOptional({
    enum: SEARCH_TYPES,
    description: 'Only guides, only blogs or only news; without it every type is searched',
    example: 'guide',
  })
  @IsOptional()
  @IsIn(SEARCH_TYPES, { message: SEARCH_TYPE_MESSAGE })
  type?: SearchType;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: SEARCH_LIMITS.maxLimit,
    default: SEARCH_LIMITS.defaultLimit,
    description: 'How many results, best first',
    example: 10,
  })
  @IsOptional()
  @Matches(SEARCH_LIMIT_PATTERN, { message: SEARCH_LIMIT_MESSAGE })
  limit?: string;
}

/** The validated limit as a number, or the default. */
export function toSearchLimit(raw: string | undefined): number {
  return raw === undefined ? SEARCH_LIMITS.defaultLimit : Number(raw);
}

export class SearchSnippetPartDto implements SearchSnippetPart {
  @ApiProperty({
    description: 'Text as stored; render it as text, never as HTML',
    example: 'interest rates',
  })
  text!: string;
  @ApiProperty({ description: 'Whether this part matched the query', example: true })
  highlight!: boolean;
}

export class SearchResultDto implements SearchResult {
  @ApiProperty({ enum: SEARCH_TYPES, description: 'What was found', example: 'news' })
  type!: SearchType;
  @ApiProperty({
    description: "The article's id (a uuid), or the guide's or blog's slug",
    example: '7d2c4a1e-0b8f-4f3a-9e6d-5c1b2a3d4e5f',
  })
  id!: string;
  @ApiProperty({ description: 'The headline', example: 'Fed holds interest rates steady' })
  title!: string;
  @ApiProperty({
    description: "The article's own link, or the guide's or blog's page on the site",
    example: 'https://www.cnbc.com/2026/03/02/fed-holds-rates.html',
  })
  url!: string;
  @ApiProperty({
    type: [SearchSnippetPartDto],
    description:
      "Up to two fragments around the matches: of an article's description (none without one), or of the guide's or blog's best-matching passage (its description when only the title or description matched)",
  })
  snippet!: SearchSnippetPartDto[];
  @ApiProperty({
    description: "The article's feed, or the guide's or blog's category",
    example: 'business',
  })
  category!: string;
  @ApiPropertyOptional({
    description: "The article's source name; absent for guides and blogs",
    example: 'CNBC',
  })
  source?: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the source published the article, or when the guide or blog was written',
    example: '2026-03-02T14:30:00.000Z',
  })
  publishedAt!: string;
  @ApiProperty({
    description: 'ts_rank_cd with normalisation 32 (rank / (rank + 1)): higher is better',
    example: 0.0909,
  })
  rank!: number;
}

export class SearchResponseDto implements SearchResponse {
  @ApiProperty({
    description: 'The query as searched: cleaned and trimmed',
    example: 'interest rates',
  })
  query!: string;
  @ApiProperty({
    enum: [...SEARCH_TYPES, 'all'],
    description: 'The type searched, or all',
    example: 'all',
  })
  type!: SearchType | 'all';
  @ApiProperty({ type: [SearchResultDto], description: 'Best first, then newest first' })
  results!: SearchResultDto[];
}
