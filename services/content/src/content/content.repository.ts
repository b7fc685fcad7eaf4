import { Injectable } from '@nestjs/common';
import type { ContentKind } from '@probedge/proto';
import type { ContentItem } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

/** One guide or blog post as read from its file: what a sync writes. */
export interface ContentSource {
  kind: ContentKind;
  slug: string;
  title: string;
  description: string;
  category: string;
  createdAt: Date;
  content: string;
  /** The body without its Markdown syntax: what the search index reads and quotes. */
  plainContent: string;
  checksum: string;
}

export type ContentRow = ContentItem;

/**
 * The passages handed to news's search index (see search-documents): the non-empty lines of the
 * plain body (a paragraph, a heading, a list item, a table row), numbered from 0. The migration
 * content_passages numbers stored rows the same way.
 */
export function passagesOf(plainContent: string): { ordinal: number; text: string }[] {
  return plainContent
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((text, ordinal) => ({ ordinal, text }));
}
export type ContentListRow = Omit<
  ContentItem,
  'content' | 'plainContent' | 'checksum' | 'syncedAt' | 'kind'
>;
/** A list row with its Markdown: what a feed entry is written from. */
export type ContentFeedRow = ContentListRow & Pick<ContentItem, 'content'>;

export interface SyncCounts {
  created: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

const LIST_FIELDS = {
  id: true,
  slug: true,
  title: true,
  description: true,
  category: true,
  createdAt: true,
} as const;

@Injectable()
export class ContentRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first; the slug breaks ties so the order never wobbles between requests. */
  list(kind: ContentKind): Promise<ContentListRow[]> {
    return this.prisma.contentItem.findMany({
      where: { kind },
      select: LIST_FIELDS,
      orderBy: [{ createdAt: 'desc' }, { slug: 'asc' }],
    });
  }

  /** The `take` newest items with their text, in list order. */
  newest(kind: ContentKind, take: number): Promise<ContentFeedRow[]> {
    return this.prisma.contentItem.findMany({
      where: { kind },
      select: { ...LIST_FIELDS, content: true },
      orderBy: [{ createdAt: 'desc' }, { slug: 'asc' }],
      take,
    });
  }

  findBySlug(kind: ContentKind, slug: string): Promise<ContentRow | null> {
    return this.prisma.contentItem.findUnique({ where: { kind_slug: { kind, slug } } });
  }

  /** Makes the table equal the sources in one transaction: all of it lands or none of it. */
  async replaceAll(sources: ContentSource[]): Promise<SyncCounts> {
    return this.prisma.$transaction(async (tx) => {
      const existing = await tx.contentItem.findMany({
        select: { id: true, kind: true, slug: true, checksum: true },
      });
      const byKey = new Map(existing.map((row) => [`${row.kind}/${row.slug}`, row]));
      const counts: SyncCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
      for (const source of sources) {
        const key = `${source.kind}/${source.slug}`;
        const current = byKey.get(key);
        byKey.delete(key);
        const data = {
          title: source.title,
          description: source.description,
          category: source.category,
          content: source.content,
          plainContent: source.plainContent,
          createdAt: source.createdAt,
          checksum: source.checksum,
          syncedAt: new Date(),
        };
        const passages = passagesOf(source.plainContent);
        if (!current) {
          await tx.contentItem.create({
            data: {
              kind: source.kind,
              slug: source.slug,
              ...data,
              passages: { create: passages },
            },
          });
          counts.created += 1;
        } else if (current.checksum !== source.checksum) {
          await tx.contentItem.update({
            where: { id: current.id },
            data: { ...data, passages: { deleteMany: {}, create: passages } },
          });
          counts.updated += 1;
        } else {
          counts.unchanged += 1;
        }
      }
      const removed = [...byKey.values()].map((row) => row.id);
      if (removed.length > 0) {
        counts.deleted = (
          await tx.contentItem.deleteMany({ where: { id: { in: removed } } })
        ).count;
      }
      return counts;
    });
  }
}
