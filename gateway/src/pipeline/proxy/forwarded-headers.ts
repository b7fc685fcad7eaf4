import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/**
 * Headers of one connection or one exchange (RFC 9110 7.6.1): never forwarded either way; Node
 * and the pool write their own for each side.
 */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * Request headers that stay at the gateway besides those: Host is the service's own, and
 * `Expect: 100-continue` was answered by the gateway's server already.
 */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'expect']);

/**
 * The request's headers as the service gets them: all but the hop-by-hop ones, Host set to the
 * service's, and X-Forwarded-* rebuilt from the connection (X-Forwarded-Host from the public Host,
 * so a client cannot pose as another host).
 */
export function forwardedHeaders(req: IncomingMessage, host: string): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
  }
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const append = (name: string, value: string) => {
    const before = req.headers[name];
    headers[name] = before ? `${String(before)},${value}` : value;
  };
  append('x-forwarded-for', req.socket.remoteAddress ?? '');
  const hostPort = /:(\d+)$/.exec(req.headers.host ?? '')?.[1];
  append('x-forwarded-port', hostPort ?? (encrypted ? '443' : '80'));
  append('x-forwarded-proto', encrypted ? 'https' : 'http');
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers.host = host;
  return headers;
}
