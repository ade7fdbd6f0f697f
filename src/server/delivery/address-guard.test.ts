import { describe, expect, it } from 'vitest';
import { isLocalOrPrivateHost } from '../lib/public-address';
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
  ])('refuses %s', async (address) => {
    expect(isPublicAddress(address)).toBe(false);
    await expect(resolveDialableAddress(`[${address}]`, false)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it.each(['93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('lets the public address %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true);
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
