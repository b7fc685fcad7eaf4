import { Injectable } from '@nestjs/common';
import type { ContentSource } from '../content/content.repository';
import { PrismaService } from '../prisma/prisma.service';

/** A guide or blog as written by the sync, with the texts of its content_passages by ordinal. */
export type SearchDocumentRow = Pick<
  ContentSource,
  'kind' | 'slug' | 'title' | 'description' | 'category' | 'createdAt'
> & { passages: string[] };

@Injectable()
export class SearchDocumentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Every guide and blog with its passages, by kind then slug. One statement, so the items and
   * their passages are read from the same snapshot even while a sync rewrites them.
   */
  all(): Promise<SearchDocumentRow[]> {
    return this.prisma.$queryRaw<SearchDocumentRow[]>`
      SELECT c.kind::text AS kind, c.slug, c.title, c.description, c.category,
        c.created_at AS "createdAt",
        ARRAY(
          SELECT p.text FROM content_passages AS p WHERE p.item_id = c.id ORDER BY p.ordinal
        ) AS passages
      FROM content_items AS c
      ORDER BY c.kind, c.slug`;
  }
}
