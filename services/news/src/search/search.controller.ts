import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import type { SearchResponse } from '@probedge/proto';
import { SearchQuery, SearchResponseDto, toSearchLimit } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get('search')
  @ApiOperation({
    summary: 'Full-text search of guides, blogs and news',
    description:
      'PostgreSQL full-text search with English stemming ("hedging" finds "hedge"), web-search syntax ("quoted phrase", or, -excluded). Guides and blogs match on title, description and body; news articles on title and description; a title weighs more than a description, a description more than a body. One ranking (ts_rank_cd) across every type, best first then newest; among news, the newest 100 matches are ranked. A query of stop words only ("the of") finds nothing. Snippets are text parts; highlight marks the matched words.',
  })
  @ApiOkResponse({ type: SearchResponseDto, description: 'The hits, best first; perhaps none' })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description:
      'q is missing, too short or too long; type is not guide, blog or news; or limit is not 1 to 50',
  })
  search(@Query() query: SearchQuery): Promise<SearchResponse> {
    return this.searchService.search(query.q, query.type, toSearchLimit(query.limit));
  }
}
