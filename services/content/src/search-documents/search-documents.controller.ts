import { Controller, Get, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { PassthroughReply } from '@probedge/kit';
import { SITE_DOCUMENTS_PATH } from '@probedge/proto';
import { SiteDocumentsResponseDto } from './dto/search-documents.dto';
import { SearchDocumentsService } from './search-documents.service';

const VERSION_HEADERS = {
  ETag: {
    description:
      'Strong: the quoted SHA-256 (hex) of the JSON body; changes only when a document does',
    schema: {
      type: 'string',
      example: '"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"',
    },
  },
  'Cache-Control': {
    description: 'no-cache: whoever keeps the answer asks again with If-None-Match before using it',
    schema: { type: 'string', example: 'no-cache' },
  },
};

@ApiTags('internal')
@Controller()
export class SearchDocumentsController {
  constructor(private readonly documents: SearchDocumentsService) {}

  @Get(SITE_DOCUMENTS_PATH)
  @ApiOperation({
    summary: 'Every guide and blog for the search index (news service only)',
    description:
      "For the news service, which keeps the one search index of news, guides and blogs: every guide and blog post with its body as plain-text passages. Not in the gateway's route table, so never public. Ask with the last ETag in If-None-Match: 304 while nothing changed.",
  })
  @ApiHeader({
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of the documents already held (a list, weak form or * also match)',
  })
  @ApiOkResponse({
    type: SiteDocumentsResponseDto,
    description: 'The documents, guides first, each kind by slug',
    headers: VERSION_HEADERS,
  })
  @ApiResponse({
    status: 304,
    description: 'If-None-Match names the current ETag: nothing changed, no body',
    headers: VERSION_HEADERS,
  })
  async list(@Res({ passthrough: true }) res: PassthroughReply): Promise<string> {
    const { body, etag } = await this.documents.current();
    // The kit's ETag step keeps this tag and answers 304 when If-None-Match matches it.
    res.header('etag', etag);
    res.header('cache-control', 'no-cache');
    // Sent as the very text the tag was made from, not serialised a second time.
    res.header('content-type', 'application/json; charset=utf-8');
    return body;
  }
}
