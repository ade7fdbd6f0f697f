import { createHash } from 'node:crypto';

/** The longest slug a name gives, before a suffix that makes it unique. */
const slugLength = 48;

/**
 * A name as a slug: lower-case letters, digits and single dashes, at most 48 characters; `workspace` for a name with
 * none of them. Migration 0042 computes the same in SQL for the personal workspaces it makes.
 */
export function slugOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, slugLength)
    .replace(/^-+|-+$/g, '');
  return slug || 'workspace';
}

/** A personal workspace's slug: its owner's name and the first 8 hex digits of the MD5 of their id, as in 0042. */
export function personalWorkspaceSlug(owner: { id: string; name: string }): string {
  return `${slugOf(owner.name)}-${createHash('md5').update(owner.id).digest('hex').slice(0, 8)}`;
}

/** The slugs tried in turn for `base` until one is free: `base`, `base-2`, `base-3`, ... */
export function* slugCandidates(base: string): Generator<string> {
  yield base;
  for (let suffix = 2; ; suffix += 1) yield `${base}-${suffix}`;
}
