import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

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

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** An IPv6 address's eight groups as numbers, '::' expanded; undefined for anything else. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address) || address.includes('.') || address.includes('%')) return undefined;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [first, last] = [parse(head), parse(tail)];
  const gap = tail === undefined ? 0 : 8 - first.length - last.length;
  return [...first, ...new Array<number>(gap).fill(0), ...last];
}

/**
 * Who the per-client limits count: an IPv4 address as it is (a mapped one as IPv4), an IPv6
 * address by its /64, since one subscriber usually holds a whole /64 and could otherwise pose as
 * any number of clients. Anything unreadable counts as itself.
 */
export function clientGroup(address: string): string {
  // An IPv4 address (most clients) has no colon: nothing below applies to it.
  if (!address.includes(':')) return address;
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
