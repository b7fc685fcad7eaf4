import { Injectable, NotFoundException } from '@nestjs/common';
import type { ContentItem, ContentKind, ContentListItem } from '@probedge/proto';
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
  constructor(private readonly repository: ContentRepository) {}

  async list(kind: ContentKind): Promise<ContentListItem[]> {
    return (await this.repository.list(kind)).map(toListItem);
  }

  async get(kind: ContentKind, slug: string): Promise<ContentItem> {
    const row = await this.repository.findBySlug(kind, slug);
    if (!row) throw new NotFoundException(`No ${kind} with slug "${slug}"`);
    return { ...toListItem(row), content: row.content };
  }
}
