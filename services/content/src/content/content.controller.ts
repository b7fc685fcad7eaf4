import { Controller, Get, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ContentItemDto, ContentListItemDto, ErrorDto, SlugParams } from './dto/content.dto';
import { ContentService } from './content.service';

@ApiTags('guides and blogs')
@ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed slug' })
@Controller('api')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('guides')
  @ApiOkResponse({ type: [ContentListItemDto], description: 'Every guide, newest first' })
  listGuides() {
    return this.content.list('guide');
  }

  @Get('guides/:slug')
  @ApiOkResponse({ type: ContentItemDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  getGuide(@Param() params: SlugParams) {
    return this.content.get('guide', params.slug);
  }

  @Get('blogs')
  @ApiOkResponse({ type: [ContentListItemDto], description: 'Every blog, newest first' })
  listBlogs() {
    return this.content.list('blog');
  }

  @Get('blogs/:slug')
  @ApiOkResponse({ type: ContentItemDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  getBlog(@Param() params: SlugParams) {
    return this.content.get('blog', params.slug);
  }
}
