import { BlockList, isIP } from 'node:net';
import { config } from '../config';
import type { HeaderReader } from './request-headers';

/**
 * The header that carries the socket's peer address from the HTTP server to every handler. It is
 * written at the socket for every request (lib/http/peer-address.ts), replacing whatever a client
 * sent, so unlike X-Forwarded-For it cannot be forged from outside.
 */
export const PEER_ADDRESS_HEADER = 'x-peer-address';

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) is `192.0.2.1`. */
function plainAddress(value: string): string {
  const address = value.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/**
 * `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges (IPv4 or IPv6) of the reverse proxies
 * whose X-Forwarded-For is believed. Default none. An entry that is neither is ignored.
 */
export function trustedProxies(setting: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (setting ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [base, bits] = entry.split('/');
    const address = plainAddress(base);
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : null;
    if (!family) continue;
    if (bits === undefined) list.addAddress(address, family);
    else if (/^\d+$/.test(bits) && Number(bits) <= (family === 'ipv4' ? 32 : 128))
      list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** What each list said of each address: a check costs about 10 µs, and every request asks twice. */
const verdicts = new WeakMap<BlockList, Map<string, boolean>>();
const REMEMBERED_ADDRESSES = 10_000;

function isTrusted(list: BlockList, value: string): boolean {
  let known = verdicts.get(list);
  if (!known) verdicts.set(list, (known = new Map()));
  const remembered = known.get(value);
  if (remembered !== undefined) return remembered;
  const address = plainAddress(value);
  const family = isIP(address);
  const trusted = family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  if (known.size >= REMEMBERED_ADDRESSES) known.clear();
  known.set(value, trusted);
  return trusted;
}

let cached: { setting: string | undefined; list: BlockList } | undefined;
function currentTrustedProxies(): BlockList {
  const setting = config().trustedProxies;
  if (!cached || cached.setting !== setting) cached = { setting, list: trustedProxies(setting) };
  return cached.list;
}

/** Whether a socket's peer is one of TRUSTED_PROXIES, whose X-Forwarded-For and X-Request-Id are believed. */
export function isTrustedPeer(peer: string | undefined, trusted: BlockList = currentTrustedProxies()): boolean {
  return Boolean(peer) && isTrusted(trusted, peer!);
}

/**
 * The client's address, for per-address limits and the request log: the socket's peer, unless that
 * peer is a trusted proxy; then X-Forwarded-For is read from the right, past every trusted proxy, and
 * the first address not trusted is the client (entries to its left were written by the client and
 * prove nothing). A request that never came through a socket (no peer) is `unknown`.
 */
export function clientAddressFrom(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trusted: BlockList = currentTrustedProxies(),
): string {
  const socketPeer = peer?.trim();
  if (!socketPeer) return 'unknown';
  if (!isTrusted(trusted, socketPeer)) return plainAddress(socketPeer);
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (let index = forwarded.length - 1; index >= 0; index--) {
    if (!isTrusted(trusted, forwarded[index])) return plainAddress(forwarded[index]);
  }
  return plainAddress(forwarded[0] ?? socketPeer);
}

/** The client's address of a request that passed the request gate (its peer is in PEER_ADDRESS_HEADER). */
export function clientAddressOf(headers: HeaderReader, trusted: BlockList = currentTrustedProxies()): string {
  return clientAddressFrom(headers.get(PEER_ADDRESS_HEADER), headers.get('x-forwarded-for'), trusted);
}
