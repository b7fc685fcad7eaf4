import { BlockList, isIP } from 'node:net';

// Everything a feed URL must never reach: private, shared (CGNAT), link-local (cloud metadata at
// 169.254.169.254), documentation, multicast and reserved ranges, and IPv6 forms that wrap IPv4.
const FORBIDDEN_V4 = new BlockList();
const FORBIDDEN_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN_V4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  FORBIDDEN_V6.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The URL parser writes IPv6 in its shortest form, so ::ffff:a.b.c.d and ::ffff:7f00:1 look alike. */
function normaliseIpv6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

export type AddressVerdict = 'public' | 'loopback' | 'forbidden';

export function classifyAddress(address: string): AddressVerdict {
  const family = isIP(address);
  if (family === 0) return 'forbidden';
  if (family === 4) {
    if (LOOPBACK_V4.check(address, 'ipv4')) return 'loopback';
    return FORBIDDEN_V4.check(address, 'ipv4') ? 'forbidden' : 'public';
  }
  const normalised = normaliseIpv6(address);
  if (normalised === '::1') return 'loopback';
  // IPv4-mapped addresses would let an IPv4 target hide behind an IPv6 literal.
  if (normalised.startsWith('::ffff:')) return 'forbidden';
  return FORBIDDEN_V6.check(normalised, 'ipv6') ? 'forbidden' : 'public';
}

/** Whether a fetch may connect to this resolved address. Loopback only behind the explicit switch. */
export function isAddressAllowed(address: string, allowLoopback: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'loopback' && allowLoopback);
}
