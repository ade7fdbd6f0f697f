import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../lib/public-address';

export { isPublicAddress };

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
}

/** Resolves `hostname` and returns the first address that may be dialled, or throws why none may. */
export async function resolveDialableAddress(hostname: string, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const candidates = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : ((await lookup(host, { all: true })) as { address: string; family: 4 | 6 }[]);
  if (candidates.length === 0) throw new BlockedAddressError(`${hostname} does not resolve to any address.`);
  if (allowPrivate) return candidates[0] as { address: string; family: 4 | 6 };
  // Every address must be public: otherwise a name could switch between a public and a private one.
  const refused = candidates.find((candidate) => !isPublicAddress(candidate.address));
  if (refused)
    // Which address is not said: the answer would tell anyone what this network's names resolve to inside.
    throw new BlockedAddressError(`Refused to call ${hostname}: it resolves to a private or reserved address.`);
  return candidates[0] as { address: string; family: 4 | 6 };
}
