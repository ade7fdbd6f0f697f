import { describe, expect, it } from 'vitest';
import { returnDestination } from './return-to';

describe('returnDestination', () => {
  it('returns the remembered path with its query and hash', () => {
    const from = { pathname: '/dashboard/tasks', search: '?status=active', hash: '#top', state: null, key: 'k' };
    expect(returnDestination({ from })).toEqual({ pathname: '/dashboard/tasks', search: '?status=active', hash: '#top' });
  });

  it('falls back to the dashboard without a usable location', () => {
    for (const state of [null, undefined, 'x', {}, { from: null }, { from: { pathname: 42 } }]) {
      expect(returnDestination(state)).toBe('/dashboard');
    }
  });

  it('refuses other origins and the sign-in screens themselves', () => {
    for (const pathname of ['//evil.example.com/x', 'https://evil.example.com', '/login', '/register']) {
      expect(returnDestination({ from: { pathname } })).toBe('/dashboard');
    }
  });
});
