import type {
  HeadersObject,
  OpenAPIObject,
  OperationObject,
  PathItemObject,
  ResponseObject,
  ResponsesObject,
} from '@nestjs/swagger';
import { ERROR_SCHEMA, ERROR_SCHEMA_NAME, parseByteSize, RETRY_AFTER_HEADER } from '@probedge/kit';
import { matchRoute, WEBHOOK_BODY_LIMIT, type CompiledRoute } from '@probedge/proto';

export const OPERATION_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;

/** Stripe's events can be large: the webhook takes at least WEBHOOK_BODY_LIMIT. */

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } },
};

/** "a", "a or b", "a, b or c". */
function listed(items: string[]): string {
  return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** A route's path template as a request path the route table matches. */
export function samplePathOf(template: string): string {
  return template.replace(/\{[^}/]+\}/g, 'sample');
}

interface Answer {
  description: string;
  headers?: HeadersObject;
}

/** What the gateway answers itself on this operation, before or instead of the service. */
function gatewayAnswers(
  route: CompiledRoute,
  operation: OperationObject,
  bodyLimit: string,
): Record<string, Answer> {
  const who = `the ${route.service} service`;
  const answers: Record<string, Answer> = {
    '429': {
      description:
        'Gateway: this client is over one of its rate limits (counted across every replica of the gateway) or has too many requests under way; Retry-After says when to try again.',
      headers: RETRY_AFTER_HEADER,
    },
    '502': { description: `Gateway: ${who} could not be reached.` },
    '503': {
      description: `Gateway: ${who} is not ready, or too busy to take the request (then with Retry-After).`,
      headers: RETRY_AFTER_HEADER,
    },
    '504': { description: `Gateway: ${who} did not answer in time.` },
  };
  if (route.method === 'POST') {
    answers['403'] = {
      description:
        'Gateway: the request came from a foreign page (its Origin is neither this site nor an allowed one).',
    };
  }
  if (operation.requestBody) {
    const types = [
      'application/json',
      ...(route.formBody ? ['application/x-www-form-urlencoded'] : []),
      ...(route.multipartBody ? ['multipart/form-data'] : []),
    ];
    const general = parseByteSize(bodyLimit);
    const limit = route.webhook ? Math.max(general, parseByteSize(WEBHOOK_BODY_LIMIT)) : general;
    answers['413'] = {
      description: `Gateway: the body is larger than ${limit} bytes (by its Content-Length).`,
    };
    answers['415'] = { description: `Gateway: the body is not ${listed(types)}.` };
  }
  return answers;
}

function withPeriod(text: string): string {
  return /[.!?)]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The service's own answer with the gateway's added: both descriptions, every header. */
function merged(own: ResponseObject | undefined, gateway: Answer): ResponseObject {
  const headers = { ...gateway.headers, ...own?.headers };
  return {
    ...own,
    description: own?.description
      ? `${withPeriod(own.description)} ${gateway.description}`
      : gateway.description,
    content: own?.content ?? ERROR_CONTENT,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

function byStatus(responses: ResponsesObject): ResponsesObject {
  return Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
  ) as ResponsesObject;
}

/**
 * Adds to every operation of a public document what the gateway answers itself: 429 with
 * Retry-After on every route, 502, 503 and 504 when the service cannot answer, 403 to a foreign
 * page's POST, and 413 and 415 where a body is taken. Each is the kit's error body.
 */
export function withGatewayAnswers(document: OpenAPIObject, bodyLimit: string): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const next: PathItemObject = { ...item };
    for (const method of OPERATION_METHODS) {
      const operation = item[method];
      const route = operation && matchRoute(method.toUpperCase(), samplePathOf(template));
      if (!operation || !route) continue;
      const responses: ResponsesObject = { ...operation.responses };
      for (const [status, answer] of Object.entries(gatewayAnswers(route, operation, bodyLimit))) {
        responses[status] = merged(responses[status] as ResponseObject | undefined, answer);
      }
      next[method] = { ...operation, responses: byStatus(responses) };
    }
    paths[template] = next;
  }
  const components = document.components ?? {};
  return {
    ...document,
    paths,
    components: {
      ...components,
      schemas: { [ERROR_SCHEMA_NAME]: ERROR_SCHEMA, ...components.schemas },
    },
  };
}
