import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Article, DayTraderArticle, OpinionArticle } from '@probedge/proto';
import { LIST_LIMIT, SYMBOL_PATTERN } from '@probedge/proto';
import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';

export const LIMIT_MESSAGE = `limit must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`;
export const SYMBOL_MESSAGE =
  'symbol must be a ticker such as AAPL, BRK.B or ^GSPC: up to 15 letters, digits, dots, hyphens or equals signs, starting with a letter, a digit or a caret';

export class LimitQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: LIST_LIMIT.min,
    maximum: LIST_LIMIT.max,
    description: 'How many articles, newest first; defaults to the page size of the list',
    example: 12,
  })
  @IsOptional()
  // Checked as text so "1e1", "12.0", " 5", "0x10" or a repeated parameter never pass as numbers.
  @Matches(/^([1-9]|[1-4][0-9]|50)$/, { message: LIMIT_MESSAGE })
  limit?: string;
}

export class ArticlesQuery extends LimitQuery {
  @ApiPropertyOptional({
    description: 'A category such as "stocks"; without it, general and stocks news',
    maxLength: 60,
    example: 'stocks',
  })
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,59}$/, {
    message: 'category must be 1 to 60 letters, digits, spaces, hyphens or underscores',
  })
  category?: string;

  @ApiPropertyOptional({
    description:
      'A ticker symbol, in any case: only the articles that name it (as $AAPL, "(NASDAQ: AAPL)", by company name, or as a ticker in a market context), from every feed, or from the category when one is given. A class share takes a dot or a hyphen (BRK.B, BRK-B)',
    // The pattern the API checks once the value is upper-cased.
    pattern: SYMBOL_PATTERN.source.replace(/A-Z/g, 'A-Za-z'),
    maxLength: 15,
    example: 'AAPL',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.toUpperCase() : value,
  )
  @Matches(SYMBOL_PATTERN, { message: SYMBOL_MESSAGE })
  symbol?: string;
}

/** The validated limit as a number, or the list's page size. */
export function toLimit(raw: string | undefined, pageSize: number): number {
  return raw === undefined ? pageSize : Number(raw);
}

const ARTICLE = {
  id: {
    format: 'uuid',
    description: 'Stable id of the article',
    example: '7d2c4a1e-0b8f-4f3a-9e6d-5c1b2a3d4e5f',
  },
  title: {
    description: 'The headline as the source published it',
    example: 'Stocks rally as inflation cools',
  },
  url: {
    format: 'uri',
    description: "The article's page at its source",
    example: 'https://www.cnbc.com/2026/03/02/stocks-rally-as-inflation-cools.html',
  },
  publishedAt: {
    format: 'date-time',
    description: 'When the source published it',
    example: '2026-03-02T14:30:00.000Z',
  },
  description: {
    description: "The source's summary, plain text",
    example: 'The S&P 500 rose 1.2% after consumer prices grew less than expected.',
  },
} as const;

const TICKERS: ApiPropertyOptions = {
  description:
    'The instruments the article names, each a symbol of GET /api/market/symbols/{symbol}',
  example: ['AAPL'],
  type: [String],
};

export class ArticleDto implements Article {
  @ApiProperty(ARTICLE.id) id!: string;
  @ApiProperty(ARTICLE.title) title!: string;
  @ApiPropertyOptional({
    ...ARTICLE.description,
    description: "The source's summary, plain text; may be empty or absent",
  })
  description?: string;
  @ApiProperty(ARTICLE.url) url!: string;
  @ApiProperty(ARTICLE.publishedAt) publishedAt!: string;
  @ApiProperty(TICKERS) tickers!: string[];
}

export class OpinionArticleDto implements OpinionArticle {
  @ApiProperty(ARTICLE.id) id!: string;
  @ApiProperty(ARTICLE.title) title!: string;
  @ApiProperty({
    ...ARTICLE.description,
    description: "The source's summary, plain text; always present, may be empty",
  })
  description!: string;
  @ApiProperty(ARTICLE.publishedAt) publishedAt!: string;
  @ApiProperty(ARTICLE.url) url!: string;
  @ApiProperty(TICKERS) tickers!: string[];
}

export class DayTraderArticleDto implements DayTraderArticle {
  @ApiProperty(ARTICLE.id) id!: string;
  @ApiProperty(ARTICLE.title) title!: string;
  @ApiProperty(ARTICLE.url) url!: string;
}
