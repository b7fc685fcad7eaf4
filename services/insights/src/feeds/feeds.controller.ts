import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ATOM_CONTENT_TYPE, type PassthroughReply } from '@probedge/kit';
import { ATOM_MEDIA_TYPE } from '@probedge/proto';
import { FEED_ENTRIES, FeedsService } from './feeds.service';

@ApiTags('feeds')
@Controller('api/feeds')
export class FeedsController {
  constructor(private readonly feeds: FeedsService) {}

  @Get('daily-analysis')
  @ApiOperation({
    summary: 'Atom feed of the newest daily analyses',
    description: `The daily market analyses of the ${FEED_ENTRIES} latest market days, newest first, each as HTML content. For feed readers.`,
  })
  @ApiProduces(ATOM_MEDIA_TYPE)
  @ApiOkResponse({ description: 'An Atom 1.0 document (RFC 4287)', schema: { type: 'string' } })
  async dailyAnalysis(@Res({ passthrough: true }) res: PassthroughReply): Promise<string> {
    const document = await this.feeds.dailyAnalysis();
    // Typed only on success: an error is answered as JSON by the kit's filter.
    res.header('content-type', ATOM_CONTENT_TYPE);
    return document;
  }
}
