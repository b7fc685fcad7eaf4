import {
  BadGatewayException,
  GatewayTimeoutException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { matchRoute, OPENAPI_PATH, SERVICES, type ServiceName } from '@probedge/proto';
import { upstreamUrlOf, type GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';
import { OPERATION_METHODS, samplePathOf, withGatewayAnswers } from './gateway-answers';

/** Long enough to absorb a page load's bursts, short enough that a deploy shows up within a minute. */
export const DOCS_CACHE_TTL_MS = 30_000;

interface CachedDocument {
  expiresAt: number;
  document: Promise<OpenAPIObject>;
}

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

const isOperationMethod = (key: string) => (OPERATION_METHODS as readonly string[]).includes(key);

/**
 * Keeps only the operations the route table exposes for this service, so the docs never show an
 * internal path. The only server is the origin the document came from ("/"), which is the gateway
 * (and the only origin the CSP lets the page call), whatever the service said.
 */
export function publicDocument(service: ServiceName, document: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const samplePath = samplePathOf(template);
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([key]) =>
          !isOperationMethod(key) || matchRoute(key.toUpperCase(), samplePath)?.service === service,
      ),
    );
    if (OPERATION_METHODS.some((method) => method in kept)) paths[template] = kept as typeof item;
  }
  return { ...document, paths, servers: [{ url: '/' }] };
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/** Drops the schemas no public operation names, directly or through another schema. */
export function withoutUnusedSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const used = new Set<string>();
  const visit = (node: unknown) => {
    for (const [, name] of JSON.stringify(node).matchAll(SCHEMA_REF)) {
      if (used.has(name!) || !(name! in schemas)) continue;
      used.add(name!);
      visit(schemas[name!]);
    }
  };
  visit({ ...document, components: { ...document.components, schemas: {} } });
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

/**
 * A service's document as /api/docs shows it: its public operations only, and what the gateway
 * answers itself (BODY_LIMIT is the gateway's setting).
 */
export function publishedDocument(
  service: ServiceName,
  document: OpenAPIObject,
  bodyLimit: string,
): OpenAPIObject {
  return withoutUnusedSchemas(withGatewayAnswers(publicDocument(service, document), bodyLimit));
}

/** Fetches each service's OpenAPI document on demand and keeps it briefly. */
@Injectable()
export class DocsService {
  private readonly logger = new Logger(DocsService.name);
  private readonly cache = new Map<ServiceName, CachedDocument>();

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  documentOf(name: string): Promise<OpenAPIObject> {
    if (!isServiceName(name)) throw new NotFoundException(`No API document named ${name}`);
    const cached = this.cache.get(name);
    if (cached && cached.expiresAt > Date.now()) return cached.document;
    const document = this.fetchDocument(name);
    this.cache.set(name, { expiresAt: Date.now() + DOCS_CACHE_TTL_MS, document });
    // A failure is not remembered: the next request asks the service again.
    document.catch(() => {
      if (this.cache.get(name)?.document === document) this.cache.delete(name);
    });
    return document;
  }

  private async fetchDocument(service: ServiceName): Promise<OpenAPIObject> {
    const url = `${upstreamUrlOf(this.config, service)}${OPENAPI_PATH}`;
    let response: globalThis.Response;
    try {
      response = await fetch(url, {
        signal: AbortSignal.timeout(this.config.UPSTREAM_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      this.logger.warn({ service, err: error }, 'API document fetch failed');
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new GatewayTimeoutException(`The ${service} service did not answer in time`);
      }
      throw new BadGatewayException(`The ${service} service is unavailable`);
    }
    if (!response.ok) await response.body?.cancel();
    if (response.status === 503) {
      throw new ServiceUnavailableException(`The ${service} service is unavailable`);
    }
    if (!response.ok) {
      throw new BadGatewayException(`The ${service} service has no API document`);
    }
    try {
      const document = (await response.json()) as OpenAPIObject;
      return publishedDocument(service, document, this.config.BODY_LIMIT);
    } catch {
      throw new BadGatewayException(`The ${service} service sent an unreadable API document`);
    }
  }
}
