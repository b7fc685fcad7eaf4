import { Injectable } from '@nestjs/common';
import type { Source } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { SourceDefinition } from './source-definition';

export type SourceRow = Source;

export interface FetchSuccess {
  etag: string | null;
  lastModified: string | null;
  fetchedAt: Date;
  nextCheckAt: Date;
}

export interface FetchFailure {
  error: string;
  consecutiveErrors: number;
  nextCheckAt: Date;
}

@Injectable()
export class SourcesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Makes the table list exactly the given sources, keeping each one's fetch state; a source whose
   * URL changed starts afresh (its validators belonged to the old URL).
   */
  async sync(definitions: SourceDefinition[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const existing = new Map(
        (await tx.source.findMany({ select: { id: true, url: true } })).map((row) => [row.id, row]),
      );
      for (const definition of definitions) {
        const data = {
          name: definition.name ?? null,
          url: definition.url,
          feed: definition.feed,
          category: definition.category ?? null,
          minIntervalSeconds: definition.minIntervalSeconds ?? null,
        };
        const current = existing.get(definition.id);
        existing.delete(definition.id);
        if (!current) {
          // Upsert: replicas starting together may both find the source missing.
          await tx.source.upsert({
            where: { id: definition.id },
            create: { id: definition.id, ...data },
            update: data,
          });
        } else if (current.url !== definition.url) {
          await tx.source.update({
            where: { id: definition.id },
            data: {
              ...data,
              etag: null,
              lastModified: null,
              consecutiveErrors: 0,
              lastError: null,
              nextCheckAt: new Date(),
            },
          });
        } else {
          await tx.source.update({ where: { id: definition.id }, data });
        }
      }
      if (existing.size > 0) {
        await tx.source.deleteMany({ where: { id: { in: [...existing.keys()] } } });
      }
    });
  }

  findDue(now: Date): Promise<SourceRow[]> {
    return this.prisma.source.findMany({
      where: { nextCheckAt: { lte: now } },
      orderBy: [{ nextCheckAt: 'asc' }, { id: 'asc' }],
    });
  }

  findAll(): Promise<SourceRow[]> {
    return this.prisma.source.findMany({ orderBy: { id: 'asc' } });
  }

  findById(id: string): Promise<SourceRow | null> {
    return this.prisma.source.findUnique({ where: { id } });
  }

  /** On the pool: once per source and fetch, where Prisma's client cost more CPU than the update. */
  async recordSuccess(id: string, success: FetchSuccess): Promise<void> {
    await this.prisma.pool.query(
      `UPDATE sources SET etag = $2, last_modified = $3, last_fetched_at = $4, next_check_at = $5,
         consecutive_errors = 0, last_error = NULL
       WHERE id = $1`,
      [id, success.etag, success.lastModified, success.fetchedAt, success.nextCheckAt],
    );
  }

  /** Validators are dropped so the next attempt gets a full answer rather than a 304 over bad data. */
  async recordFailure(id: string, failure: FetchFailure): Promise<void> {
    await this.prisma.source.update({
      where: { id },
      data: {
        etag: null,
        lastModified: null,
        lastError: failure.error,
        consecutiveErrors: failure.consecutiveErrors,
        nextCheckAt: failure.nextCheckAt,
      },
    });
  }
}
