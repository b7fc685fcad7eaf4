import type { OpenAPIObject } from '@nestjs/swagger';
import { publishedDocument } from './docs.service';

describe('publishedDocument', () => {
  const own: OpenAPIObject = {
    openapi: '3.0.0',
    info: { title: 'news', version: '1' },
    servers: [{ url: 'http://news.internal:4002' }],
    paths: {
      '/api/business': {
        get: {
          responses: {
            '200': {
              description: 'Articles',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/ArticleDto' } },
                },
              },
            },
          },
        },
      },
      '/internal/sources': {
        get: {
          responses: {
            '200': {
              description: 'Sources',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/SourcesDto' } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        ArticleDto: {
          type: 'object',
          properties: { source: { $ref: '#/components/schemas/Source' } },
        },
        Source: { type: 'object' },
        SourcesDto: { type: 'object' },
      },
    },
  };

  it("keeps the service's public operations and the schemas they name, on the gateway's origin", () => {
    const published = publishedDocument('news', own, '100kb');
    expect(Object.keys(published.paths)).toEqual(['/api/business']);
    expect(published.servers).toEqual([{ url: '/' }]);
    expect(Object.keys(published.components!.schemas!).sort()).toEqual([
      'ArticleDto',
      'ErrorDto',
      'Source',
    ]);
    expect(Object.keys(published.paths['/api/business']!.get!.responses)).toContain('429');
  });
});
