import { beforeAll, describe, expect, it } from 'vitest';
import { adminWorkspaceListSchema } from '#shared/admin/admin-workspace.schema';
import { subscriptions, workspaceMembers, workspaces } from '#server/db/schema/index';
import { type TestClient, useTestApp } from '#test/app';
import { hostileStrings } from '#test/hostile-inputs';
import { freePlanId, proPlanId } from '#test/plans';

const t = useTestApp();
let admin: TestClient;
let member: TestClient;
let owner: { id: string; name: string; email: string };

/** A workspace made as the database holds one; `members` joins as editors after the owners. */
async function seedWorkspace(input: { name: string; slug: string; owners?: string[]; members?: string[] }) {
  const [workspace] = await t.db.insert(workspaces).values({ name: input.name, slug: input.slug }).returning();
  const rows = [
    ...(input.owners ?? []).map((userId) => ({ workspaceId: workspace!.id, userId, role: 'owner' as const })),
    ...(input.members ?? []).map((userId) => ({ workspaceId: workspace!.id, userId, role: 'editor' as const })),
  ];
  if (rows.length) await t.db.insert(workspaceMembers).values(rows);
  return workspace!;
}

const listOf = async (client: TestClient, query = '') =>
  adminWorkspaceListSchema.parse(await client.ok(`/api/admin/workspaces${query}` as '/api/admin/workspaces'));

beforeAll(async () => {
  ({ client: admin } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
  let memberId: string;
  ({ client: member, id: memberId } = await t.signIn({ name: 'Mel Member' }));
  const signedOwner = await t.signIn({ name: 'Olga Owner' });
  owner = { id: signedOwner.id, name: signedOwner.name, email: signedOwner.email };
  await seedWorkspace({ name: 'Acme Research', slug: 'acme-research', owners: [owner.id], members: [memberId] });
  for (let index = 1; index <= 4; index += 1) await seedWorkspace({ name: `Paging team ${index}`, slug: `paging-team-${index}` });
});

describe('GET /api/admin/workspaces', () => {
  it('answers 401 signed out and 403 to a non-administrator', async () => {
    expect((await t.visitor().request('/api/admin/workspaces')).status).toBe(401);
    const forbidden = await member.expectError('/api/admin/workspaces', { status: 403 });
    expect(forbidden.error.code).toBe('forbidden');
  });

  it('lists a team with its member count and owner, leaving personal workspaces out by default', async () => {
    const list = await listOf(admin, '?search=acme');
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      name: 'Acme Research',
      slug: 'acme-research',
      personal: false,
      memberCount: 2,
      ownerCount: 1,
      owners: [{ id: owner.id, name: 'Olga Owner', email: owner.email }],
    });
    expect((await listOf(admin, '?limit=100')).items.every((item) => !item.personal)).toBe(true);
  });

  it('shows personal workspaces when asked', async () => {
    // Every account has its personal workspace from the start, Olga's too.
    const personal = await listOf(admin, '?kind=personal&limit=100');
    expect(personal.items.every((item) => item.personal)).toBe(true);
    const olgas = personal.items.find((item) => item.owners.some((listed) => listed.id === owner.id));
    expect(olgas).toMatchObject({ personal: true, memberCount: 1, ownerCount: 1 });
    const all = await listOf(admin, '?kind=all&limit=100');
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([olgas!.id]));
    expect(all.items.map((item) => item.slug)).toContain('acme-research');
  });

  it('shows each workspace’s plan: its subscription’s while the status grants it, Free otherwise', async () => {
    const subscribed = {
      paying: 'active',
      behind: 'past_due',
      ended: 'canceled',
      unfinished: 'incomplete',
    } as const;
    for (const [slug, status] of Object.entries(subscribed)) {
      const workspace = await seedWorkspace({ name: `Plan ${slug}`, slug: `plan-${slug}` });
      await t.db.insert(subscriptions).values({ workspaceId: workspace.id, planId: proPlanId, status });
    }
    await seedWorkspace({ name: 'Plan none', slug: 'plan-none' });
    const pro = { id: proPlanId, name: 'Pro' };
    const free = { id: freePlanId, name: 'Free' };

    const list = await listOf(admin, '?search=plan-&limit=100');
    expect(Object.fromEntries(list.items.map((item) => [item.slug, item.plan]))).toEqual({
      'plan-paying': pro,
      'plan-behind': pro,
      'plan-ended': free,
      'plan-unfinished': free,
      'plan-none': free,
    });
    // The subscription joins one row per workspace at most: the count and the page agree.
    expect(list.total).toBe(5);
  });

  it('searches names and slugs, case-insensitively, with % and _ taken literally', async () => {
    expect((await listOf(admin, '?search=RESEARCH')).items.map((item) => item.slug)).toEqual(['acme-research']);
    expect((await listOf(admin, '?search=paging-team-3')).items.map((item) => item.name)).toEqual(['Paging team 3']);
    expect((await listOf(admin, '?search=%25')).total).toBe(0);
  });

  it('pages newest first without skipping or repeating a workspace', async () => {
    const first = await listOf(admin, '?search=paging&limit=3');
    expect(first.total).toBe(4);
    expect(first.items.map((item) => item.name)).toEqual(['Paging team 4', 'Paging team 3', 'Paging team 2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await listOf(admin, `?search=paging&limit=3&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items.map((item) => item.name)).toEqual(['Paging team 1']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a bad filter, page size or page link with 400', async () => {
    for (const query of ['?kind=teams', '?limit=0', '?limit=101', '?cursor=nonsense', `?search=${'x'.repeat(201)}`]) {
      expect((await admin.request(`/api/admin/workspaces${query}`)).status, query).toBe(400);
    }
  });

  it.each(Object.entries(hostileStrings))('answers a hostile %s search or cursor with a 4xx or an empty page', async (_name, value) => {
    for (const field of ['search', 'cursor', 'kind']) {
      const text = encodedOrRaw(value);
      const status = (await admin.request(`/api/admin/workspaces?${field}=${text}`)).status;
      expect(status === 200 || (status >= 400 && status < 500), `${field}: ${status}`).toBe(true);
    }
  });
});

/** A lone surrogate has no UTF-8 form: it travels as the bytes a careless client would send for it. */
function encodedOrRaw(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
