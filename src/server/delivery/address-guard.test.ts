import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLocalOrPrivateHost, ownAddresses } from '../lib/public-address';
import { BlockedAddressError, isPublicAddress, resolveDialableAddress } from './address-guard';

describe('the dial-time address guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '169.254.169.254',
    '::1',
    '::',
    // IPv4-compatible, IPv4-mapped (hex) and IPv4-translated spellings of 127.0.0.1: they passed before.
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:0:7f00:1',
    // 6to4 of 127.0.0.1 and of 10.0.0.1, and the local-use translation prefix of RFC 8215.
    '2002:7f00:1::',
    '2002:a00:1::1',
    '64:ff9b:1::a00:1',
    '64:ff9b::7f00:1',
    'fd00::1',
    'fe80::1',
    // Documentation ranges (RFC 5737, RFC 3849), Teredo (it carries an IPv4 address) and discard-only.
    '192.0.2.2',
    '198.51.100.7',
    '203.0.113.9',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '100::1',
  ])('refuses %s', async (address) => {
    expect(isPublicAddress(address)).toBe(false);
    await expect(resolveDialableAddress(`[${address}]`, false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it.each(['93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('lets the public address %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("refuses this machine's own addresses, which reach what listens on all interfaces here", () => {
    for (const entry of Object.values(networkInterfaces()).flat()) {
      if (entry) expect(isPublicAddress(entry.address.replace(/%.*$/, '')), entry.address).toBe(false);
    }
    // A public address of a machine counts as its own, in either family.
    const cloudMachine = ownAddresses({
      eth0: [
        { address: '93.184.216.34', family: 'IPv4', netmask: '255.255.255.0', mac: '', internal: false, cidr: null },
        {
          address: '2606:2800:220:1::1',
          family: 'IPv6',
          netmask: 'ffff:ffff:ffff:ffff::',
          mac: '',
          internal: false,
          cidr: null,
          scopeid: 0,
        },
      ],
    });
    expect(cloudMachine.check('93.184.216.34', 'ipv4')).toBe(true);
    expect(cloudMachine.check('2606:2800:220:1::1', 'ipv6')).toBe(true);
    expect(cloudMachine.check('93.184.216.35', 'ipv4')).toBe(false);
  });

  it('dials a private address when private webhooks are allowed', async () => {
    await expect(resolveDialableAddress('[::127.0.0.1]', true)).resolves.toEqual({ address: '::127.0.0.1', family: 6 });
  });

  it('reads the hosts of URLs as WHATWG URL spells them', () => {
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::ffff:0:7f00:1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://localhost./',
      'http://api.localhost/',
    ])
      expect(isLocalOrPrivateHost(new URL(url).hostname), url).toBe(true);
    for (const url of ['https://hooks.example.com/x', 'https://93.184.216.34/', 'https://localhost.example.com/'])
      expect(isLocalOrPrivateHost(new URL(url).hostname), url).toBe(false);
  });
});
