import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Article, DayTraderArticle, OpinionArticle } from '@probedge/proto';
import { LIST_LIMIT } from '@probedge/proto';
import { IsOptional, Matches } from 'class-validator';

export const LIMIT_MESSAGE = `limit must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`;

export class LimitQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: LIST_LIMIT.min,
    maximum: LIST_LIMIT.max,
    description: 'How many articles, newest first; defaults to the page size of the list',
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
}

/** The validated limit as a number, or the list's page size. */
export function toLimit(raw: string | undefined, pageSize: number): number {
  return raw === undefined ? pageSize : Number(raw);
}

export class ArticleDto implements Article {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiPropertyOptional({ description: 'Plain text; may be empty' }) description?: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
}

export class OpinionArticleDto implements OpinionArticle {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Always present; may be empty' }) description!: string;
  @ApiProperty({ format: 'date-time' }) publishedAt!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
}

export class DayTraderArticleDto implements DayTraderArticle {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
}

export class ErrorDto {
  @ApiProperty({ example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Bad Request' }) error!: string;
  @ApiProperty({ example: LIMIT_MESSAGE }) message!: string;
  @ApiPropertyOptional() requestId?: string;
}
