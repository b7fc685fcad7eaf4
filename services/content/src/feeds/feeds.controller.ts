import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ATOM_CONTENT_TYPE, type PassthroughReply } from '@probedge/kit';
import { ATOM_MEDIA_TYPE } from '@probedge/proto';
import { FEED_ENTRIES, FeedsService } from './feeds.service';

const ATOM_DOCUMENT = {
  description: 'An Atom 1.0 document (RFC 4287)',
  schema: { type: 'string' },
} as const;

@ApiTags('feeds')
@Controller('api/feeds')
export class FeedsController {
  constructor(private readonly feeds: FeedsService) {}

  @Get('guides')
  @ApiOperation({
    summary: 'Atom feed of the newest guides',
    description: `The ${FEED_ENTRIES} newest guides, newest first: each with its description as the summary, the whole guide as HTML content and its category. For feed readers.`,
  })
  @ApiProduces(ATOM_MEDIA_TYPE)
  @ApiOkResponse(ATOM_DOCUMENT)
  async guides(@Res({ passthrough: true }) res: PassthroughReply): Promise<string> {
    return atom(res, await this.feeds.feed('guide'));
  }

  @Get('blogs')
  @ApiOperation({
    summary: 'Atom feed of the newest blog posts',
    description: `The ${FEED_ENTRIES} newest blog posts, newest first: each with its description as the summary, the whole post as HTML content and its category. For feed readers.`,
  })
  @ApiProduces(ATOM_MEDIA_TYPE)
  @ApiOkResponse(ATOM_DOCUMENT)
  async blogs(@Res({ passthrough: true }) res: PassthroughReply): Promise<string> {
    return atom(res, await this.feeds.feed('blog'));
  }
}

/** Typed only on success: an error is answered as JSON by the kit's filter. */
function atom(res: PassthroughReply, document: string): string {
  res.header('content-type', ATOM_CONTENT_TYPE);
  return document;
}
