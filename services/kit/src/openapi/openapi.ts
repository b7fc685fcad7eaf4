import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  getSchemaPath,
  SwaggerModule,
  type HeadersObject,
  type OpenAPIObject,
  type OperationObject,
  type ParameterObject,
  type SecuritySchemeObject,
} from '@nestjs/swagger';
import { OPENAPI_PATH } from '@probedge/proto';
import { ErrorDto } from './error.dto';

/** A group of operations (named by @ApiTags on a controller) and what it covers. */
export interface OpenApiTag {
  name: string;
  description: string;
}

export interface OpenApiOptions {
  title: string;
  description: string;
  version?: string;
  /** Every tag the service's controllers name, described. */
  tags?: readonly OpenApiTag[];
  /** The credentials the service's operations name with @ApiSecurity, by scheme name. */
  securitySchemes?: Readonly<Record<string, SecuritySchemeObject>>;
}

/** The security scheme name of the operators' admin token. */
export const ADMIN_TOKEN_SCHEME = 'adminToken';

/** The operators' token (ADMIN_TOKEN_HEADER); each service that takes one has its own setting. */
export const ADMIN_TOKEN_SECURITY: SecuritySchemeObject = {
  type: 'apiKey',
  in: 'header',
  name: 'X-Admin-Token',
  description:
    "The operators' admin token of the service (CONTENT_ADMIN_TOKEN, INSIGHTS_ADMIN_TOKEN), at least 16 characters.",
};

/** The header of a 429 (and of a 503 that says when to come back). */
export const RETRY_AFTER_HEADER: HeadersObject = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1, example: 30 },
  },
};

/** The API is offered under the site's terms of use, a page of the web app. */
const LICENSE = { name: 'Terms of use', url: '/terms' };

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** What HttpErrorFilter answers for anything an operation does not list, 500 above all. */
const UNEXPECTED_ERROR = {
  description: 'Any other failure, such as 500 when something went wrong on our side',
  content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorDto) } } },
};

/** The headers of the credentials an operation names: documented by its security, not as parameters. */
function credentialHeaders(
  operation: OperationObject,
  schemes: Readonly<Record<string, SecuritySchemeObject>>,
): Set<string> {
  const names = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  return new Set(
    names
      .map((name) => schemes[name])
      .filter((scheme) => scheme?.type === 'apiKey' && scheme.in === 'header')
      .map((scheme) => scheme!.name!.toLowerCase()),
  );
}

/** Every operation gets the unexpected-error answer and loses parameters its security covers. */
function completed(
  operation: OperationObject,
  schemes: Readonly<Record<string, SecuritySchemeObject>>,
): OperationObject {
  const credentials = credentialHeaders(operation, schemes);
  const parameters = (operation.parameters ?? []).filter(
    (parameter) =>
      !('in' in parameter) ||
      parameter.in !== 'header' ||
      !credentials.has((parameter as ParameterObject).name.toLowerCase()),
  );
  return {
    ...operation,
    ...(operation.parameters ? { parameters } : {}),
    responses: { ...operation.responses, default: operation.responses.default ?? UNEXPECTED_ERROR },
  };
}

export function buildOpenApiDocument(
  app: INestApplication,
  options: OpenApiOptions,
): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(options.title)
    .setDescription(options.description)
    .setVersion(options.version ?? '1.0')
    .setLicense(LICENSE.name, LICENSE.url)
    // Relative: "Try it out" calls the origin the document was read from, which is the gateway.
    .addServer('/');
  for (const tag of options.tags ?? []) builder.addTag(tag.name, tag.description);
  for (const [name, scheme] of Object.entries(options.securitySchemes ?? {})) {
    builder.addSecurity(name, scheme);
  }
  // The error body is in every document, so the gateway can name it for the answers it adds.
  const document = SwaggerModule.createDocument(app, builder.build(), { extraModels: [ErrorDto] });
  const schemes = options.securitySchemes ?? {};
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => [
          key,
          OPERATION_METHODS.includes(key) ? completed(value as OperationObject, schemes) : value,
        ]),
      ),
    ]),
  );
  // An operation needs no credentials unless it names them with @ApiSecurity.
  return { ...document, paths, security: [] };
}

/** Each service serves its document as JSON; only the gateway shows it, under /api/docs. */
export function serveOpenApiDocument(
  app: INestApplication,
  options: OpenApiOptions,
): OpenAPIObject {
  const document = buildOpenApiDocument(app, options);
  const http = app.getHttpAdapter();
  http.get(OPENAPI_PATH, (_req: unknown, res: unknown) => http.reply(res, document, 200));
  return document;
}
