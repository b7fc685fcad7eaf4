import { Injectable } from '@nestjs/common';
import type { FaqItem } from '@probedge/proto';
import { ContentCache } from '../cache/content-cache';
import { FaqRepository } from './faq.repository';

@Injectable()
export class FaqService {
  constructor(
    private readonly repository: FaqRepository,
    private readonly cache: ContentCache,
  ) {}

  list(): Promise<FaqItem[]> {
    return this.cache.remember('faq', async () =>
      (await this.repository.list()).map(({ id, question, answer }) => ({ id, question, answer })),
    );
  }
}
