import { BlockList, isIP } from 'node:net';

/**
 * Who sent a request. The socket's peer is the client unless it is one of TRUSTED_PROXIES
 * (comma-separated addresses or CIDR ranges); only then are X-Forwarded-For and X-Request-Id, which
 * anyone can write, believed. Behind trusted proxies the client is the right-most address in
 * X-Forwarded-For that is not itself a trusted proxy.
 */

function plain(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  // Node reports IPv4 peers of a dual-stack socket as ::ffff:a.b.c.d.
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

function family(address: string): 'ipv4' | 'ipv6' | null {
  const version = isIP(address);
  return version === 4 ? 'ipv4' : version === 6 ? 'ipv6' : null;
}

const parsed = new Map<string, BlockList>();

/** The TRUSTED_PROXIES list as a BlockList; entries that are not addresses or ranges are ignored. */
export function trustedProxies(list: string = process.env.TRUSTED_PROXIES ?? ''): BlockList {
  let blocks = parsed.get(list);
  if (blocks) return blocks;
  blocks = new BlockList();
  for (const entry of list.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const kind = family(plain(address));
    if (!kind) continue;
    if (bits === undefined) blocks.addAddress(plain(address), kind);
    else if (/^\d+$/.test(bits)) blocks.addSubnet(plain(address), Number(bits), kind);
  }
  parsed.set(list, blocks);
  return blocks;
}

export function isTrustedProxy(address: string | undefined, list?: string): boolean {
  if (!address) return false;
  const candidate = plain(address);
  const kind = family(candidate);
  return kind !== null && trustedProxies(list).check(candidate, kind);
}

/** The client's address from the socket's peer and, when that peer is trusted, X-Forwarded-For. */
export function clientAddressFrom(peer: string | undefined, forwardedFor: string | null | undefined, list?: string): string {
  const socketAddress = peer ? plain(peer) : '';
  if (!isTrustedProxy(socketAddress, list)) return socketAddress || 'unknown';
  const hops = (forwardedFor ?? '').split(',').map(plain).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrustedProxy(hops[i], list)) return hops[i];
  }
  return hops[0] ?? socketAddress;
}
