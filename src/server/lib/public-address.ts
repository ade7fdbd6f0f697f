import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Webhooks may only reach the public internet (ARCHITECTURE section 6): loopback, private, shared, link-local (the
 * cloud metadata address among them), documentation, multicast and reserved ranges are refused, and so are this
 * machine's own addresses. Used when a task is saved (a literal address in its URL) and again for the address
 * actually dialled (delivery/address-guard.ts).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  // Documentation (RFC 5737): never on the internet, yet a network may use them inside.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // IPv4/IPv6 translation (RFC 6052 and RFC 8215) and 6to4 carry an IPv4 address inside, private ones included.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  // Discard-only (RFC 6666), IETF protocol assignments with Teredo, which carries an IPv4 address too (RFC 6890), and
  // documentation (RFC 3849).
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}
blocked.addAddress('::1', 'ipv6');

/**
 * IPv4-compatible (deprecated), IPv4-mapped and IPv4-translated (RFC 2765) addresses: `::127.0.0.1`, `::ffff:7f00:1`
 * and `::ffff:0:7f00:1` reach 127.0.0.1 on stacks that route them, so the whole ranges are refused. A list of their
 * own, checked for IPv6 only: BlockList matches IPv4 addresses against an IPv4-mapped subnet too.
 */
const embeddingIpv4 = new BlockList();
for (const network of ['::', '::ffff:0:0', '::ffff:0:0:0']) embeddingIpv4.addSubnet(network, 96, 'ipv6');

/** Whether `address` (an IPv4 or IPv6 literal, without brackets) is a public internet address, not this machine's. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4') && !isOwnAddress(address, 'ipv4');
  if (family !== 6) return false;
  return !embeddingIpv4.check(address, 'ipv6') && !blocked.check(address, 'ipv6') && !isOwnAddress(address, 'ipv6');
}

/**
 * A public address of this machine reaches whatever listens on all interfaces here (the product itself, a database),
 * as loopback would. Read again after a while, for addresses that come and go.
 */
let own: { addresses: BlockList; readAt: number } | undefined;
function isOwnAddress(address: string, family: 'ipv4' | 'ipv6'): boolean {
  if (!own || Date.now() - own.readAt > 60_000) own = { addresses: ownAddresses(), readAt: Date.now() };
  return own.addresses.check(address, family);
}

/** The addresses of this machine's interfaces (a zone index such as `%eth0` left out). */
export function ownAddresses(interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): BlockList {
  const addresses = new BlockList();
  for (const entry of Object.values(interfaces).flat()) {
    if (entry) addresses.addAddress(entry.address.replace(/%.*$/, ''), entry.family === 'IPv4' ? 'ipv4' : 'ipv6');
  }
  return addresses;
}

/**
 * Whether a URL's host names this machine or a private network without any lookup: `localhost`, `*.localhost`
 * (RFC 6761 resolves them to loopback) or a literal address that is not public. Names that resolve to private
 * addresses are caught when dialled.
 */
export function isLocalOrPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}
