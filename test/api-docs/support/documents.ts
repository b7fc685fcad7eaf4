import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument, type OpenApiOptions } from '@probedge/kit';
import type { ServiceName } from '@probedge/proto';
import { loadGatewayConfig } from '../../../gateway/src/config/env';
import { publishedDocument } from '../../../gateway/src/docs/docs.service';
import * as billing from '../../../services/billing/src/app.module';
import { loadBillingConfig } from '../../../services/billing/src/config/env';
import * as content from '../../../services/content/src/app.module';
import { loadContentConfig } from '../../../services/content/src/config/env';
import { loadInsightsConfig } from '../../../services/insights/src/config/env';
import * as insights from '../../../services/insights/src/app.module';
import { loadNewsConfig } from '../../../services/news/src/config/env';
import * as news from '../../../services/news/src/app.module';
import * as markets from '../../../services/markets/src/app.module';
import { loadMarketsConfig } from '../../../services/markets/src/config/env';

export interface ServiceDocuments {
  service: ServiceName;
  /** As the service serves it at /openapi.json. */
  own: OpenAPIObject;
  /** As the gateway publishes it under /api/docs. */
  published: OpenAPIObject;
}

/** Each service's module with its defaults: nothing in it is created, so nothing is connected. */
const SERVICES: Record<ServiceName, () => { module: DynamicModule; openapi: OpenApiOptions }> = {
  content: () => ({
    module: content.AppModule.forRoot(loadContentConfig({})),
    openapi: content.OPENAPI,
  }),
  news: () => ({ module: news.AppModule.forRoot(loadNewsConfig({})), openapi: news.OPENAPI }),
  insights: () => ({
    module: insights.AppModule.forRoot(loadInsightsConfig({})),
    openapi: insights.OPENAPI,
  }),
  billing: () => ({
    module: billing.AppModule.forRoot(loadBillingConfig({})),
    openapi: billing.OPENAPI,
  }),
  markets: () => ({
    module: markets.AppModule.forRoot(loadMarketsConfig({})),
    openapi: markets.OPENAPI,
  }),
};

/**
 * Builds every service's document from its controllers in Nest's preview mode, which resolves the
 * module graph without instantiating a provider: no database, Redis or mail server is needed.
 */
export async function serviceDocuments(): Promise<ServiceDocuments[]> {
  const bodyLimit = loadGatewayConfig({}).BODY_LIMIT;
  const documents: ServiceDocuments[] = [];
  for (const [service, describe] of Object.entries(SERVICES) as [
    ServiceName,
    () => ReturnType<(typeof SERVICES)[ServiceName]>,
  ][]) {
    const { module, openapi } = describe();
    const app = await NestFactory.create(module, { preview: true, logger: false });
    try {
      // The gateway reads the document as JSON, so it is compared and linted as JSON.
      const own = JSON.parse(JSON.stringify(buildOpenApiDocument(app, openapi))) as OpenAPIObject;
      documents.push({ service, own, published: publishedDocument(service, own, bodyLimit) });
    } finally {
      await app.close();
    }
  }
  return documents;
}
