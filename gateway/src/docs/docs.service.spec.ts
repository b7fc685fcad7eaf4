import type { OpenAPIObject } from '@nestjs/swagger';
import { describeComposedSearch } from './docs.service';

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
