import { Injectable } from '@nestjs/common';
import type { FaqItem } from '@probedge/proto';
import { FaqRepository } from './faq.repository';

@Injectable()
export class FaqService {
  constructor(private readonly repository: FaqRepository) {}

  async list(): Promise<FaqItem[]> {
    return (await this.repository.list()).map(({ id, question, answer }) => ({
      id,
      question,
      answer,
    }));
  }
}
