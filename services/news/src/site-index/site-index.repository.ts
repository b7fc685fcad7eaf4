import { Injectable } from '@nestjs/common';
import type { SiteDocument } from '@probedge/proto';
import { PrismaService } from '../prisma/prisma.service';

/** Serialises replacements across workers: the second waits, then finds the version already there. */
const REPLACE_LOCK = 'site-index-replace';

@Injectable()
export class SiteIndexRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** content's ETag of the documents held, or undefined before the first copy. */
  async version(): Promise<string | undefined> {
    const row = await this.prisma.siteIndexVersion.findUnique({ where: { id: 1 } });
    return row?.etag;
  }

  /**
   * Makes the copy equal `documents` in one transaction, unless it already holds `etag`: a search
   * sees the old set or the new one, never a mix. True when something was written.
   */
  replace(documents: readonly SiteDocument[], etag: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${REPLACE_LOCK}))`;
      const current = await tx.siteIndexVersion.findUnique({ where: { id: 1 } });
      if (current?.etag === etag) return false;
      await tx.siteDocument.deleteMany();
      await tx.siteDocument.createMany({
        data: documents.map((document) => ({
          kind: document.kind,
          slug: document.slug,
          title: document.title,
          description: document.description,
          category: document.category,
          publishedAt: new Date(document.publishedAt),
          body: document.passages.join('\n'),
        })),
      });
      await tx.sitePassage.createMany({
        data: documents.flatMap((document) =>
          document.passages.map((text, ordinal) => ({
            kind: document.kind,
            slug: document.slug,
            ordinal,
            text,
          })),
        ),
      });
      await tx.siteIndexVersion.upsert({
        where: { id: 1 },
        create: { id: 1, etag },
        update: { etag, syncedAt: new Date() },
      });
      return true;
    });
  }
}
