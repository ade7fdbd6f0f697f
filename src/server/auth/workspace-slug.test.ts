import { describe, expect, it } from 'vitest';
import { personalWorkspaceSlug, slugCandidates, slugOf } from './workspace-slug';

describe('workspace slugs', () => {
  it.each([
    ['Acme Research', 'acme-research'],
    ['  --Acme__Research!!  ', 'acme-research'],
    ['Ünïcode Café', 'n-code-caf'],
    ['日本語', 'workspace'],
    ['x'.repeat(47) + ' y', 'x'.repeat(47)],
  ])('makes %j into %j', (name, slug) => {
    expect(slugOf(name)).toBe(slug);
  });

  it('tries the slug, then numbered ones', () => {
    const candidates = slugCandidates('acme');
    expect([candidates.next().value, candidates.next().value, candidates.next().value]).toEqual(['acme', 'acme-2', 'acme-3']);
  });

  it('gives a personal workspace its owner’s name and a mark of their id', () => {
    expect(personalWorkspaceSlug({ id: 'user-1', name: 'Ada Lovelace' })).toMatch(/^ada-lovelace-[0-9a-f]{8}$/);
    expect(personalWorkspaceSlug({ id: 'user-2', name: 'Ada Lovelace' })).not.toBe(
      personalWorkspaceSlug({ id: 'user-1', name: 'Ada Lovelace' }),
    );
  });
});
