import type { OpenAPIObject } from '@nestjs/swagger';
import { describeComposedSearch, publishedDocument } from './docs.service';

const contentDocument: OpenAPIObject = {
  openapi: '3.0.0',
  info: { title: 'content', version: '1' },
  paths: {
    '/api/search': {
      get: {
        summary: 'Search guides and blogs',
        description: 'Full-text search.',
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
          { name: 'type', in: 'query', required: false, schema: { enum: ['guide', 'blog'] } },
        ],
        responses: { '200': { description: 'Hits' } },
      },
    },
    '/api/guides': { get: { responses: { '200': { description: 'Guides' } } } },
  },
};

describe('describeComposedSearch', () => {
  it('documents every public type of the search the gateway composes, and the merge', () => {
    const described = describeComposedSearch(contentDocument);
    const operation = described.paths['/api/search'].get!;
    const type = operation.parameters!.find(
      (parameter) => 'name' in parameter && parameter.name === 'type',
    );
    expect(type).toMatchObject({ in: 'query', schema: { enum: ['guide', 'blog', 'news'] } });
    expect(operation.description).toMatch(/^Full-text search\. Through the gateway: type=news/);
    expect(operation.description).toContain('`unavailable`');
    expect(operation.parameters![0]).toEqual(
      contentDocument.paths['/api/search'].get!.parameters![0],
    );
    expect(described.paths['/api/guides']).toBe(contentDocument.paths['/api/guides']);
  });

  it('leaves a document without the search as it is', () => {
    const other: OpenAPIObject = { ...contentDocument, paths: { '/api/guides': {} } };
    expect(describeComposedSearch(other)).toBe(other);
  });
});

describe('the composed search in the public document', () => {
  const withSchemas: OpenAPIObject = {
    ...contentDocument,
    paths: {
      '/api/search': {
        get: {
          ...contentDocument.paths['/api/search'].get!,
          responses: {
            '200': {
              description: 'Hits',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/SearchResponseDto' } },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        SearchResponseDto: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['guide', 'blog', 'all'] },
            results: { type: 'array', items: { $ref: '#/components/schemas/SearchResultDto' } },
          },
        },
        SearchResultDto: {
          type: 'object',
          properties: { type: { type: 'string', enum: ['guide', 'blog'] } },
        },
      },
    },
  };

  it('names news hits, their source and the types that did not answer', () => {
    const schemas = describeComposedSearch(withSchemas).components!.schemas as Record<
      string,
      { properties: Record<string, { enum?: string[]; type?: string }> }
    >;
    expect(schemas.SearchResponseDto!.properties.type!.enum).toEqual([
      'guide',
      'blog',
      'news',
      'all',
    ]);
    expect(schemas.SearchResponseDto!.properties.unavailable).toMatchObject({ type: 'array' });
    expect(schemas.SearchResultDto!.properties.type!.enum).toEqual(['guide', 'blog', 'news']);
    expect(schemas.SearchResultDto!.properties.source).toMatchObject({ type: 'string' });
  });
});

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
      '/api/search': {
        get: {
          responses: {
            '200': {
              description: 'Hits',
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/SearchResponseDto' } },
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
        SearchResponseDto: { type: 'object' },
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
