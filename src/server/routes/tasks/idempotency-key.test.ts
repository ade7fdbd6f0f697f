import { describe, expect, it } from 'vitest';
import { idempotencyKeyOf } from './idempotency-key';

describe('idempotencyKeyOf', () => {
  it('reads a bare key of printable ASCII, spaces included', () => {
    expect(idempotencyKeyOf('2b1c7c4e-6a0e-4f3e-9a53-8f1c2f1d2c3b')).toBe('2b1c7c4e-6a0e-4f3e-9a53-8f1c2f1d2c3b');
    expect(idempotencyKeyOf('nightly import 2026-12-06')).toBe('nightly import 2026-12-06');
    expect(idempotencyKeyOf('~!@#$%^&*()_+{}|:<>?')).toBe('~!@#$%^&*()_+{}|:<>?');
    expect(idempotencyKeyOf('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('reads the draft’s Structured Fields string as the key inside the quotes', () => {
    expect(idempotencyKeyOf('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(idempotencyKeyOf('"nightly import"')).toBe('nightly import');
    expect(idempotencyKeyOf('"say \\"hi\\" \\\\ bye"')).toBe('say "hi" \\ bye');
  });

  it('refuses an empty or too long key, control and non-ASCII characters, and a broken quoted string', () => {
    for (const header of [
      '',
      '""',
      'x'.repeat(256),
      `"${'x'.repeat(256)}"`,
      'tab\there',
      'caf\u00e9',
      '"open',
      '"a"b"',
      '"bad \\x escape"',
    ]) {
      expect(idempotencyKeyOf(header), JSON.stringify(header)).toBeUndefined();
    }
  });
});
