import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FaqItem } from '@probedge/proto';
import { FaqService } from './faq.service';

class FaqItemDto implements FaqItem {
  @ApiProperty({ description: 'Stable id of the question', example: 'is-this-investment-advice' })
  id!: string;
  @ApiProperty({
    description: 'The question',
    example: 'Is anything on this platform investment advice?',
  })
  question!: string;
  @ApiProperty({
    description: 'The answer, plain text',
    example: 'No. All content is educational and informational only.',
  })
  answer!: string;
}

@ApiTags('faq')
@Controller('api/faq')
export class FaqController {
  constructor(private readonly faq: FaqService) {}

  @Get()
  @ApiOperation({
    summary: 'Frequently asked questions',
    description: 'Every question with its answer, in the order the FAQ page shows them.',
  })
  @ApiOkResponse({
    type: [FaqItemDto],
    description: 'The frequently asked questions, in display order',
  })
  list(): Promise<FaqItem[]> {
    return this.faq.list();
  }
}
