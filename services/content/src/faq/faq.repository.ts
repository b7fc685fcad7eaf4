import { Injectable } from '@nestjs/common';
import type { FaqEntry } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { SyncCounts } from '../content/content.repository';

/** One FAQ entry as read from its file: what a sync writes. */
export interface FaqSource {
  id: string;
  position: number;
  question: string;
  answer: string;
  checksum: string;
}

@Injectable()
export class FaqRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(): Promise<FaqEntry[]> {
    return this.prisma.faqEntry.findMany({ orderBy: { position: 'asc' } });
  }

  async replaceAll(sources: FaqSource[]): Promise<SyncCounts> {
    return this.prisma.$transaction(async (tx) => {
      const existing = new Map(
        (await tx.faqEntry.findMany({ select: { id: true, checksum: true } })).map((row) => [
          row.id,
          row.checksum,
        ]),
      );
      const counts: SyncCounts = { created: 0, updated: 0, deleted: 0, unchanged: 0 };
      for (const source of sources) {
        const checksum = existing.get(source.id);
        existing.delete(source.id);
        if (checksum === source.checksum) {
          counts.unchanged += 1;
          continue;
        }
        await tx.faqEntry.upsert({ where: { id: source.id }, create: source, update: source });
        counts[checksum === undefined ? 'created' : 'updated'] += 1;
      }
      if (existing.size > 0) {
        counts.deleted = (
          await tx.faqEntry.deleteMany({ where: { id: { in: [...existing.keys()] } } })
        ).count;
      }
      return counts;
    });
  }
}
