import { createHash, randomBytes } from 'node:crypto';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: 43 digits hold any 32 bytes. */
const digits = 43;

/** A new key: `pc_` and 32 random bytes in base62 (issue 22). */
export function newApiKey(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let text = '';
  for (let index = 0; index < digits; index++) {
    text = base62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return `pc_${text}`;
}

/** What the database keeps of a key. A fast hash is right here: the key is 256 random bits, not a password. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The key's first 8 characters, shown in the list to tell keys apart. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, 8);
}
