import { Inject, Injectable } from '@nestjs/common';
import { CONTENT_CONFIG } from '../config/content-config';
import type { ContentConfig } from '../config/env';
import { ContentCache } from '../cache/content-cache';
import { ContentRepository, type SyncCounts } from '../content/content.repository';
import { FaqRepository } from '../faq/faq.repository';
import { readContentSources, readFaqSources } from './content-files.util';

export interface SyncReport {
  articles: SyncCounts;
  faq: SyncCounts;
}

/** Brings the database in line with the files: re-running it changes nothing. */
@Injectable()
export class SyncService {
  constructor(
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly content: ContentRepository,
    private readonly faq: FaqRepository,
    private readonly cache: ContentCache,
  ) {}

  async sync(contentDir: string = this.config.CONTENT_DIR): Promise<SyncReport> {
    // Every file is read and validated before anything is written, so a bad file changes nothing.
    const [articles, faq] = await Promise.all([
      readContentSources(contentDir),
      readFaqSources(contentDir),
    ]);
    try {
      return {
        articles: await this.content.replaceAll(articles),
        faq: await this.faq.replaceAll(faq),
      };
    } finally {
      this.cache.clear();
    }
  }
}
