import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { SharedCacheInterceptor } from '@probedge/kit';
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
// Texts change only when a sync runs; shared caches may keep them as long as this service does.
@UseInterceptors(SharedCacheInterceptor)
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
