import { Inject, Injectable, Logger } from '@nestjs/common';
import { publishChange } from '@probedge/kit';
import type Redis from 'ioredis';
import { NEWS_REDIS } from '../articles/list-cache';
import type { NewsConfig } from '../config/env';
import { NEWS_CONFIG } from '../config/news-config';
import { fetchSiteDocuments } from './site-documents.client';
import { SiteIndexRepository } from './site-index.repository';

export type SiteIndexReport = { status: 'unchanged' } | { status: 'replaced'; documents: number };

/**
 * Keeps news's copy of the site's guides and blogs equal to content's: asks content with the
 * version held, and on a new one replaces the copy whole and tells the caches in front of the API
 * that news answers (search) changed. A failure leaves the copy as it was.
 */
@Injectable()
export class SiteIndexSync {
  private readonly logger = new Logger(SiteIndexSync.name);

  constructor(
    @Inject(NEWS_CONFIG) private readonly config: NewsConfig,
    @Inject(NEWS_REDIS) private readonly redis: Redis,
    private readonly repository: SiteIndexRepository,
  ) {}

  async pull(): Promise<SiteIndexReport> {
    const held = await this.repository.version();
    const answer = await fetchSiteDocuments(
      this.config.CONTENT_URL,
      held,
      this.config.NEWS_FETCH_TIMEOUT_MS,
    );
    if (answer.status === 'unchanged') return answer;
    if (!(await this.repository.replace(answer.documents, answer.etag))) {
      return { status: 'unchanged' };
    }
    this.logger.log(
      { documents: answer.documents.length, version: answer.etag },
      'site documents replaced',
    );
    try {
      await publishChange(
        this.redis,
        this.config.CACHE_INVALIDATION_CHANNEL,
        'news',
        'site documents',
      );
    } catch (error) {
      // The caches' own lifetime then bounds how long they show the old guides.
      this.logger.warn({ err: (error as Error).message }, 'site documents change not announced');
    }
    return { status: 'replaced', documents: answer.documents.length };
  }
}
