import type { IncomingHttpHeaders } from 'node:http';

/** Methods that change state: the ones a foreign page must never be able to send with cookies. */
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Refusal {
  status: number;
  message: string;
}

export interface PolicyInput {
  method: string;
  pathname: string;
  headers: IncomingHttpHeaders;
  /** Whether the Origin header (when present) is this site or an allowed one. */
  originAllowed: boolean;
  /** Whether the route also takes an HTML form's body (application/x-www-form-urlencoded). */
  formBody?: boolean;
  /** Whether the route also takes multipart/form-data (an RFC 8058 one-click POST). */
  multipartBody?: boolean;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const MULTIPART_TYPE = 'multipart/form-data';

function acceptedTypes(input: PolicyInput): string[] {
  return [
    'application/json',
    ...(input.formBody ? [FORM_TYPE] : []),
    ...(input.multipartBody ? [MULTIPART_TYPE] : []),
  ];
}

/** Largest body by its Content-Length, in bytes, for a path. */
export type BodyLimit = (pathname: string) => number;

/** Whether a request comes with body bytes, by its headers (a GET normally has none). */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return headers['transfer-encoding'] !== undefined;
}

/**
 * What the gateway refuses before a request reaches a service: a state-changing request from a
 * foreign page (403), a body that is not JSON (415), a body over the limit by its length (413).
 */
export function refusalFor(input: PolicyInput, bodyLimit: BodyLimit): Refusal | undefined {
  const { method, pathname, headers } = input;
  if (!STATE_CHANGING.has(method)) return undefined;
  const origin = headers.origin;
  if (origin !== undefined && !input.originAllowed) {
    return {
      status: 403,
      message: `Requests from ${origin.slice(0, 100)} may not change anything here`,
    };
  }
  if (!hasBody(headers)) return undefined;
  const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const accepted = acceptedTypes(input);
  if (!accepted.includes(type)) {
    return {
      status: 415,
      message: `Request bodies must be ${listed(accepted)}${type ? `, not ${type.slice(0, 100)}` : ''}`,
    };
  }
  const limit = bodyLimit(pathname);
  const length = Number(headers['content-length'] ?? 0);
  if (length > limit) {
    return { status: 413, message: `The request body is larger than ${limit} bytes` };
  }
  return undefined;
}

/** "a", "a or b", "a, b or c". */
function listed(types: string[]): string {
  return types.length === 1 ? types[0]! : `${types.slice(0, -1).join(', ')} or ${types.at(-1)}`;
}
