import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FaqItem } from '@probedge/proto';
import { FaqService } from './faq.service';

class FaqItemDto implements FaqItem {
  @ApiProperty() id!: string;
  @ApiProperty() question!: string;
  @ApiProperty() answer!: string;
}

@ApiTags('faq')
@Controller('api/faq')
export class FaqController {
  constructor(private readonly faq: FaqService) {}

  @Get()
  @ApiOkResponse({
    type: [FaqItemDto],
    description: 'The frequently asked questions, in display order',
  })
  list(): Promise<FaqItem[]> {
    return this.faq.list();
  }
}
