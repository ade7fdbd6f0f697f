import { describe, expect, it } from 'vitest';
import { toMeUser } from './to-me-user';

const row = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@partner.example',
  emailVerified: false,
  image: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  fullName: 'Ada Lovelace',
  role: 'user' as const,
  invited: false,
  hasSetPassword: false,
  banned: false,
  banReason: null,
  banExpires: null,
};

describe('toMeUser', () => {
  it('counts an address at the invite domain as invited (spec section 4)', () => {
    expect(toMeUser(row).invited).toBe(false);
    expect(toMeUser(row, 'partner.example').invited).toBe(true);
    expect(toMeUser(row, 'other.example').invited).toBe(false);
    expect(toMeUser({ ...row, invited: true }).invited).toBe(true);
  });
});
