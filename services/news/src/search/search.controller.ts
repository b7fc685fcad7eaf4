import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import type { SearchResponse } from '@probedge/proto';
import { SearchQuery, SearchResponseDto, toSearchLimit } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('news')
@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @Get('search')
  @ApiOperation({
    summary: 'Full-text search of news articles',
    description:
      'Matches titles (weighted above descriptions) and descriptions with PostgreSQL full-text search, english stemming. Results are ranked by ts_rank_cd among the newest 100 matches, then newest first. A query of stop words only ("the of") finds nothing. Snippets are text parts; highlight marks the matched words.',
  })
  @ApiOkResponse({ type: SearchResponseDto, description: 'The hits, best first; perhaps none' })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'q is missing, too short or too long; type is not news; or limit is not 1 to 50',
  })
  search(@Query() query: SearchQuery): Promise<SearchResponse> {
    return this.searchService.search(query.q, toSearchLimit(query.limit));
  }
}
