import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Webhooks may only reach the public internet (ARCHITECTURE section 6): loopback, private, shared, link-local (the
 * cloud metadata address among them), multicast and reserved ranges are refused, for the address actually dialled.
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  // An IPv4-mapped IPv6 address is judged by its IPv4 part.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  return !blocked.check(address, 'ipv6');
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** Resolves `hostname` and returns the first address that may be dialled, or throws why none may. */
export async function resolveDialableAddress(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const candidates = isIP(host) ? [{ address: host, family: isIP(host) as 4 | 6 }] : ((await lookup(host, { all: true })) as { address: string; family: 4 | 6 }[]);
  if (candidates.length === 0) throw new BlockedAddressError(`${hostname} does not resolve to any address.`);
  if (allowPrivate) return candidates[0] as { address: string; family: 4 | 6 };
  // Every address must be public: otherwise a name could switch between a public and a private one.
  const refused = candidates.find((candidate) => !isPublicAddress(candidate.address));
  if (refused) throw new BlockedAddressError(`Refused to call ${hostname}: it resolves to a private or reserved address (${refused.address}).`);
  return candidates[0] as { address: string; family: 4 | 6 };
}
