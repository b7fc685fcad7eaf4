import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { SiteDocument, SiteDocumentsResponse } from '@probedge/proto';
import { SearchDocumentsRepository, type SearchDocumentRow } from './search-documents.repository';

/** The answer as it is sent: the JSON text and the strong ETag of exactly that text. */
export interface SearchDocumentsAnswer {
  body: string;
  etag: string;
}

/** A strong entity tag: the quoted SHA-256 (hex) of the bytes sent, so equal bodies share it. */
export function strongEntityTag(body: string): string {
  return `"${createHash('sha256').update(body).digest('hex')}"`;
}

function toDocument(row: SearchDocumentRow): SiteDocument {
  return {
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    description: row.description,
    category: row.category,
    publishedAt: row.createdAt.toISOString(),
    passages: row.passages,
  };
}

@Injectable()
export class SearchDocumentsService {
  constructor(private readonly repository: SearchDocumentsRepository) {}

  // Not kept in ContentCache: replicas would then answer different versions for up to its TTL
  // after a sync elsewhere, and one read a minute per news worker costs little.
  async current(): Promise<SearchDocumentsAnswer> {
    const response: SiteDocumentsResponse = {
      documents: (await this.repository.all()).map(toDocument),
    };
    const body = JSON.stringify(response);
    return { body, etag: strongEntityTag(body) };
  }
}
