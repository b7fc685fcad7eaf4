import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { OPENAPI_PATH } from '@probedge/proto';

export interface OpenApiOptions {
  title: string;
  description: string;
  version?: string;
}

export function buildOpenApiDocument(
  app: INestApplication,
  options: OpenApiOptions,
): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion(options.version ?? '1.0')
    .build();
  return SwaggerModule.createDocument(app, config);
}

/** Each service serves its document as JSON; only the gateway shows it, under /api/docs. */
export function serveOpenApiDocument(
  app: INestApplication,
  options: OpenApiOptions,
): OpenAPIObject {
  const document = buildOpenApiDocument(app, options);
  app
    .getHttpAdapter()
    .get(OPENAPI_PATH, (_req: unknown, res: { json: (body: unknown) => void }) =>
      res.json(document),
    );
  return document;
}
