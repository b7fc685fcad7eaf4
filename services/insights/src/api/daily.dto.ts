import { ApiProperty } from '@nestjs/swagger';
import type { DailyAnalysis, DailyOpinion, GenerationPending } from '@probedge/proto';

export class DailyAnalysisDto implements DailyAnalysis {
  @ApiProperty({ description: 'Plain text; newlines are line breaks.' })
  content!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class DailyOpinionDto implements DailyOpinion {
  @ApiProperty({ description: 'Market date (YYYY-MM-DD) the opinion is written for.' })
  analysisDate!: string;

  @ApiProperty({ description: 'Plain text; newlines are line breaks.' })
  content!: string;

  @ApiProperty()
  sourceArticleTitle!: string;
}

export class GenerationPendingDto implements GenerationPending {
  @ApiProperty({ enum: ['pending'] })
  status!: 'pending';

  @ApiProperty({ example: 'daily-analysis:2026-11-20:0' })
  jobId!: string;

  @ApiProperty()
  message!: string;
}

export class ErrorDto {
  @ApiProperty()
  statusCode!: number;

  @ApiProperty()
  error!: string;

  @ApiProperty()
  message!: string;
}
