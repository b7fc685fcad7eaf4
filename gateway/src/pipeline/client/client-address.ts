import type { IncomingMessage } from 'node:http';

/** The client address: the socket's, or the hop the trusted proxies in front of us recorded. */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return socketAddress;
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - trustedHops] ?? socketAddress;
}
