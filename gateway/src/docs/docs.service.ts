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
import {
  matchRoute,
  OPENAPI_PATH,
  SEARCH_TYPES,
  SERVICES,
  type ServiceName,
} from '@probedge/proto';
import { SEARCH_PATH } from '../search/search-router.service';
import { upstreamUrlOf, type GatewayConfig } from '../config/env';
import { GATEWAY_CONFIG } from '../config/gateway-config';

/** Long enough to absorb a page load's bursts, short enough that a deploy shows up within a minute. */
export const DOCS_CACHE_TTL_MS = 30_000;

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface CachedDocument {
  expiresAt: number;
  document: Promise<OpenAPIObject>;
}

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

/**
 * Keeps only the operations the route table exposes for this service, so the docs never show an
 * internal path. The service's own servers go too: without them "Try it out" calls the origin the
 * document came from, which is the gateway (and the only origin the CSP lets the page call).
 */
export function publicDocument(service: ServiceName, document: OpenAPIObject): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const samplePath = template.replace(/\{[^}/]+\}/g, 'sample');
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([key]) =>
          !OPERATION_METHODS.includes(key) ||
          matchRoute(key.toUpperCase(), samplePath)?.service === service,
      ),
    );
    if (OPERATION_METHODS.some((method) => method in kept)) paths[template] = kept as typeof item;
  }
  const result: OpenAPIObject = { ...document, paths };
  delete result.servers;
  return result;
}

/**
 * GET /api/search is content's in the route table, but the gateway answers it for every type: the
 * public document says so (type news too, and what a search of every type returns).
 */
export function describeComposedSearch(document: OpenAPIObject): OpenAPIObject {
  const operation = document.paths?.[SEARCH_PATH]?.get;
  if (!operation) return document;
  const parameters = (operation.parameters ?? []).map((parameter) =>
    'name' in parameter && parameter.name === 'type' && parameter.in === 'query'
      ? {
          ...parameter,
          description:
            'Only guides, only blogs or only news. Without it every type is searched: the gateway asks content and news at once and merges their hits by rank.',
          schema: { type: 'string' as const, enum: [...SEARCH_TYPES] },
        }
      : parameter,
  );
  return {
    ...document,
    paths: {
      ...document.paths,
      [SEARCH_PATH]: {
        ...document.paths[SEARCH_PATH],
        get: {
          ...operation,
          description:
            `${operation.description ?? ''} Through the gateway: type=news is answered by the news service; a search of every type merges content's and news's hits, and when one of them fails the other's are still returned with the missing types in \`unavailable\`.`.trim(),
          parameters,
        },
      },
    },
  };
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
      const kept = publicDocument(service, document);
      return service === 'content' ? describeComposedSearch(kept) : kept;
    } catch {
      throw new BadGatewayException(`The ${service} service sent an unreadable API document`);
    }
  }
}
