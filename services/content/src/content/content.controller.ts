import { Controller, Get, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorDto } from '@probedge/kit';
import { ContentItemDto, ContentListItemDto, SlugParams } from './dto/content.dto';
import { ContentService } from './content.service';

@ApiTags('guides and blogs')
@Controller('api')
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('guides')
  @ApiOperation({
    summary: 'List guides',
    description:
      'Every guide without its body, newest first. Educational content, not investment advice.',
  })
  @ApiOkResponse({ type: [ContentListItemDto], description: 'Every guide, newest first' })
  listGuides() {
    return this.content.list('guide');
  }

  @Get('guides/:slug')
  @ApiOperation({
    summary: 'One guide with its content',
    description: 'The guide with this slug, body included.',
  })
  @ApiOkResponse({ type: ContentItemDto, description: 'The guide' })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed slug' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No guide with this slug' })
  getGuide(@Param() params: SlugParams) {
    return this.content.get('guide', params.slug);
  }

  @Get('blogs')
  @ApiOperation({
    summary: 'List blogs',
    description:
      'Every blog post without its body, newest first. Educational content, not investment advice.',
  })
  @ApiOkResponse({ type: [ContentListItemDto], description: 'Every blog, newest first' })
  listBlogs() {
    return this.content.list('blog');
  }

  @Get('blogs/:slug')
  @ApiOperation({
    summary: 'One blog with its content',
    description: 'The blog post with this slug, body included.',
  })
  @ApiOkResponse({ type: ContentItemDto, description: 'The blog post' })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Malformed slug' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'No blog post with this slug' })
  getBlog(@Param() params: SlugParams) {
    return this.content.get('blog', params.slug);
  }
}
