import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FEEDS,
  SEARCH_LIMITS,
  type SearchResponse,
  type SearchResult,
  type SearchSnippetPart,
} from '@probedge/proto';
import { IsSearchQuery, SEARCH_LIMIT_MESSAGE, SEARCH_LIMIT_PATTERN } from '@probedge/kit';
import { IsIn, IsOptional, Matches } from 'class-validator';

/** The only type this service answers for; guides and blogs are content's. */
export const NEWS_SEARCH_TYPE = 'news';

export class SearchQuery {
  @ApiProperty({
    description:
      'Words to look for, web-search style: "quoted phrase", or, -excluded. Control characters count as spaces; the ends are trimmed.',
    minLength: SEARCH_LIMITS.minQuery,
    maxLength: SEARCH_LIMITS.maxQuery,
    example: 'interest rates',
  })
  @IsSearchQuery()
  q!: string;

  @ApiPropertyOptional({
    enum: [NEWS_SEARCH_TYPE],
    description: 'What to search; this service holds news articles only',
    example: 'news',
  })
  @IsOptional()
  @IsIn([NEWS_SEARCH_TYPE], { message: 'type must be news: this service searches news only' })
  type?: typeof NEWS_SEARCH_TYPE;

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
  @ApiProperty({ enum: [NEWS_SEARCH_TYPE], description: 'What was found', example: 'news' })
  type!: typeof NEWS_SEARCH_TYPE;
  @ApiProperty({
    format: 'uuid',
    description: "The article's id",
    example: '7d2c4a1e-0b8f-4f3a-9e6d-5c1b2a3d4e5f',
  })
  id!: string;
  @ApiProperty({ description: 'The headline', example: 'Fed holds interest rates steady' })
  title!: string;
  @ApiProperty({
    format: 'uri',
    description: "The article's own link",
    example: 'https://www.cnbc.com/2026/03/02/fed-holds-rates.html',
  })
  url!: string;
  @ApiProperty({
    type: [SearchSnippetPartDto],
    description: 'Up to two fragments of the description around the matches; empty without one',
  })
  snippet!: SearchSnippetPartDto[];
  @ApiProperty({ enum: FEEDS, description: "The article's feed", example: 'business' })
  category!: string;
  @ApiProperty({ description: "The source's name", example: 'CNBC' }) source!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the source published it',
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
  @ApiProperty({ enum: [NEWS_SEARCH_TYPE], description: 'The type searched', example: 'news' })
  type!: typeof NEWS_SEARCH_TYPE;
  @ApiProperty({ type: [SearchResultDto], description: 'Best first, then newest first' })
  results!: SearchResultDto[];
}
