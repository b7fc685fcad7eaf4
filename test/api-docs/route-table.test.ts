import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import { ROUTES, type RouteDefinition } from '@probedge/proto';
import { serviceDocuments, type ServiceDocuments } from './support/documents';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Documented {
  method: string;
  path: string;
  operation: OperationObject;
}

/** Every operation of a document as "METHOD /path", with the route table's `:name` for `{name}`. */
function operationsOf(document: OpenAPIObject): Documented[] {
  return Object.entries(document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method: method.toUpperCase(),
      path: template.replace(/\{([^}/]+)\}/g, ':$1'),
      operation: item[method]!,
    })),
  );
}

const named = (entry: { method: string; path: string }) => `${entry.method} ${entry.path}`;

/** What one service asks of another (content's documents for news's search index), never public. */
const internal = (entry: Documented) => entry.operation.tags?.includes('internal') ?? false;

function routeFor(entry: { method: string; path: string }): RouteDefinition | undefined {
  return ROUTES.find((route) => route.method === entry.method && route.path === entry.path);
}

describe('the API documents and the route table', () => {
  let documents: ServiceDocuments[];

  beforeAll(async () => {
    documents = await serviceDocuments();
  });

  it('document every route, each in the document of the service the route goes to', () => {
    for (const { service, own, published } of documents) {
      const routes = ROUTES.filter((route) => route.service === service).map(named);
      expect({ service, routes: operationsOf(own).map(named) }).toEqual({
        service,
        routes: expect.arrayContaining(routes),
      });
      expect({ service, routes: operationsOf(published).map(named).sort() }).toEqual({
        service,
        routes: [...routes].sort(),
      });
    }
  });

  it("document no path the route table does not expose, even in a service's own document", () => {
    for (const { service, own } of documents) {
      for (const entry of operationsOf(own).filter((each) => !internal(each))) {
        const route = routeFor(entry);
        expect({ service, operation: named(entry), inTable: route !== undefined }).toEqual({
          service,
          operation: named(entry),
          inTable: true,
        });
        if (route) expect(route.service).toBe(service);
      }
    }
  });

  it('keep the operations for other services (tag internal) out of the table and the published documents', () => {
    const internals = documents.flatMap(({ own }) => operationsOf(own).filter(internal));
    expect(internals.map(named)).toContain('GET /internal/search-documents');
    for (const entry of internals) expect(routeFor(entry)).toBeUndefined();
    const published = documents.flatMap(({ published }) => operationsOf(published).map(named));
    for (const entry of internals) expect(published).not.toContain(named(entry));
  });

  it('give every published operation a success answer', () => {
    for (const { service, published } of documents) {
      for (const entry of operationsOf(published)) {
        const statuses = Object.keys(entry.operation.responses);
        expect({
          operation: `${service}: ${named(entry)}`,
          succeeds: statuses.some((status) => /^[23]\d\d$/.test(status)),
        }).toEqual({ operation: `${service}: ${named(entry)}`, succeeds: true });
      }
    }
  });
});
