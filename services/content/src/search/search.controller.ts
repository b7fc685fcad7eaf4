import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import { SEARCH_LIMITS, type SearchResponse } from '@probedge/proto';
import { SearchQueryDto, SearchResponseDto } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    summary: 'Full-text search of guides and blogs',
    description:
      'Matches title, description and body (English stemming: "hedging" finds "hedge"), best first. A query of only common words or punctuation finds nothing. Snippets are plain-text parts, the matched words marked.',
  })
  @ApiOkResponse({ type: SearchResponseDto, description: 'The hits, best first; perhaps none' })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: `q missing or not ${SEARCH_LIMITS.minQuery} to ${SEARCH_LIMITS.maxQuery} characters, an unknown type, or limit not an integer from 1 to ${SEARCH_LIMITS.maxLimit}`,
  })
  find(@Query() params: SearchQueryDto): Promise<SearchResponse> {
    const limit = params.limit === undefined ? SEARCH_LIMITS.defaultLimit : Number(params.limit);
    return this.search.search(params.q, params.type, limit);
  }
}
