import type { ServerResponse } from 'node:http';
import type { HeaderPairs } from '@probedge/kit';

/** Provider token of the security headers every gateway answer carries. */
export const SECURITY_HEADERS = Symbol('SECURITY_HEADERS');

export function setHeaders(res: ServerResponse, headers: HeaderPairs): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
