import { HttpStatus, Injectable } from '@nestjs/common';
import { CodedError } from '@probedge/kit';
import type { ContentItem, ContentKind, ContentListItem } from '@probedge/proto';
import { ContentCache } from '../cache/content-cache';
import { ContentRepository, type ContentListRow } from './content.repository';

function toListItem(row: ContentListRow): ContentListItem {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
  };
}

@Injectable()
export class ContentService {
  constructor(
    private readonly repository: ContentRepository,
    private readonly cache: ContentCache,
  ) {}

  list(kind: ContentKind): Promise<ContentListItem[]> {
    return this.cache.remember(`list:${kind}`, async () =>
      (await this.repository.list(kind)).map(toListItem),
    );
  }

  async get(kind: ContentKind, slug: string): Promise<ContentItem> {
    // Only items that exist are kept, so unknown slugs cannot grow the cache.
    const item = await this.cache.remember(`item:${kind}/${slug}`, async () => {
      const row = await this.repository.findBySlug(kind, slug);
      if (!row) {
        throw new CodedError('CONTENT_NOT_FOUND', `No ${kind} with slug "${slug}"`, {
          retryable: false,
          status: HttpStatus.NOT_FOUND,
        });
      }
      return { ...toListItem(row), content: row.content };
    });
    return item;
  }
}
