import { createHash } from 'node:crypto';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { SITE_DOCUMENTS_PATH, type SiteDocument } from '@probedge/proto';
import type { NewsConfig } from '../src/config/env';
import { SiteIndexModule } from '../src/site-index/site-index.providers';
import { SiteIndexSync } from '../src/site-index/site-index.sync';
import { startFeedServer, type FeedServer, type Handler } from './feed-server';

/** Stands in for content's GET SITE_DOCUMENTS_PATH: its JSON, a strong ETag, 304 on a match. */
export function siteDocuments(documents: SiteDocument[]): Handler {
  const body = JSON.stringify({ documents });
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return (req, res) => {
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag }).end(body);
  };
}

export interface ContentStandIn extends FeedServer {
  /** What GET SITE_DOCUMENTS_PATH answers from now on. */
  serve(handler: Handler): void;
  /** If-None-Match of each request, in order. */
  versionsAsked(): (string | undefined)[];
}

export async function startContentStandIn(documents: SiteDocument[]): Promise<ContentStandIn> {
  const server = await startFeedServer();
  server.route(SITE_DOCUMENTS_PATH, siteDocuments(documents));
  return {
    ...server,
    serve: (handler) => server.route(SITE_DOCUMENTS_PATH, handler),
    versionsAsked: () =>
      server.requests(SITE_DOCUMENTS_PATH).map((headers) => headers['if-none-match']),
  };
}

/** The copying part of the worker, on the test's database and configuration. */
export async function startSiteIndex(
  config: NewsConfig,
): Promise<{ sync: SiteIndexSync; close(): Promise<void> }> {
  const context: INestApplicationContext = await NestFactory.createApplicationContext(
    SiteIndexModule.forRoot(config),
    { logger: false, abortOnError: false },
  );
  return { sync: context.get(SiteIndexSync), close: () => context.close() };
}

/** A guide or blog as content hands it over; the passages are its body's lines. */
export function siteDocument(
  kind: SiteDocument['kind'],
  slug: string,
  fields: Partial<Omit<SiteDocument, 'kind' | 'slug'>> = {},
): SiteDocument {
  return {
    kind,
    slug,
    title: fields.title ?? `Title of ${slug}`,
    description: fields.description ?? `Description of ${slug}.`,
    category: fields.category ?? 'basics',
    publishedAt: fields.publishedAt ?? '2025-09-01T09:00:00.000Z',
    passages: fields.passages ?? [`Body of ${slug}.`],
  };
}
