import type { INestApplication } from '@nestjs/common';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SERVICES } from '@probedge/proto';

export const DOCS_PATH = 'api/docs';

/** Shown only until the selector has loaded the first service's document. */
const PLACEHOLDER: OpenAPIObject = {
  openapi: '3.0.0',
  info: { title: 'ProbEdge API', version: '1.0' },
  paths: {},
};

/**
 * Swagger UI from the bundled swagger-ui-dist files (no CDN), with a selector over every
 * service's document as the gateway serves it under /api/docs/<service>.json.
 */
export function setupSwaggerUi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, PLACEHOLDER, {
    explorer: true,
    // The gateway has no document of its own to publish next to the services' ones.
    raw: false,
    customSiteTitle: 'ProbEdge API',
    swaggerOptions: {
      urls: SERVICES.map((service) => ({ name: service, url: `/${DOCS_PATH}/${service}.json` })),
    },
  });
}
