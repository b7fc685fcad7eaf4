import { ApiProperty } from '@nestjs/swagger';
import type { DailyAnalysis, DailyOpinion, GenerationPending } from '@probedge/proto';

export class DailyAnalysisDto implements DailyAnalysis {
  @ApiProperty({
    description: 'Plain text; newlines are line breaks.',
    example: 'Stocks opened higher as inflation cooled.\nWhat to watch: the 10-year yield.',
  })
  content!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When the analysis was written',
    example: '2026-03-02T13:05:00.000Z',
  })
  createdAt!: string;
}

export class DailyOpinionDto implements DailyOpinion {
  @ApiProperty({
    description: 'Market date (YYYY-MM-DD) the opinion is written for.',
    example: '2026-03-02',
  })
  analysisDate!: string;

  @ApiProperty({
    description: 'Plain text; newlines are line breaks.',
    example: 'A cooler inflation print is not a trend yet.\nOne month rarely moves the Fed.',
  })
  content!: string;

  @ApiProperty({
    description: 'The title of the article the opinion answers; empty when none was kept',
    example: 'Stocks rally as inflation cools',
  })
  sourceArticleTitle!: string;
}

export class GenerationPendingDto implements GenerationPending {
  @ApiProperty({
    enum: ['pending'],
    description: 'The item is still being written',
    example: 'pending',
  })
  status!: 'pending';

  @ApiProperty({
    description: "The generation job's id",
    example: 'daily-analysis:2026-11-20:0',
  })
  jobId!: string;

  @ApiProperty({
    description: 'What to do next, for people',
    example: 'Generation is still running; the item appears here when it is done.',
  })
  message!: string;
}
