import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoles, type WorkspaceRole } from '#shared/workspaces/workspace-roles';
import { tasks, workspaceMembers, workspaces } from '#server/db/schema/index';
import { testAppUrl, useTestApp, type SignedInUser } from '#test/app';
import { taskRow } from '#test/builders';
import { apiDocument } from './api-routes';

/**
 * The role matrix of ADR 0131, read from the OpenAPI document the API serves and `npm run api:generate` writes: every
 * operation declares the least workspace role it needs, and each member of a team below that role is refused with
 * 403, each at or above it is let past the check, and a stranger naming the team learns nothing (404).
 */
const t = useTestApp();

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
const needs = ['none', ...workspaceRoles];

const operations = Object.entries(apiDocument({ version: 'test', appUrl: testAppUrl }).paths ?? {}).flatMap(([path, item]) =>
  methods
    .filter((method) => item[method])
    .map((method) => ({
      name: `${method.toUpperCase()} ${path}`,
      path,
      method: method.toUpperCase(),
      least: (item[method] as { 'x-workspace-role'?: unknown })['x-workspace-role'],
    })),
);

const withRole = operations.filter((operation): operation is typeof operation & { least: WorkspaceRole } =>
  workspaceRoles.includes(operation.least as WorkspaceRole),
);

const members = {} as Record<WorkspaceRole, SignedInUser>;
let stranger: SignedInUser;

beforeAll(async () => {
  for (const role of workspaceRoles) members[role] = await t.signIn({ name: `Matrix ${role}` });
  // A member of their own personal workspace only.
  stranger = await t.signIn({ name: 'Matrix stranger' });
});

/**
 * A team with the four members, one per role, and a task of its own: one per operation, so none sees another's
 * changes. The task awaits approval, so Run Now answers at once rather than awaiting a worker this test has none of.
 */
async function seedTeam() {
  const [team] = await t.db
    .insert(workspaces)
    .values({ name: 'Matrix team', slug: `matrix-${randomUUID().slice(0, 8)}` })
    .returning();
  const teamId = team?.id ?? '';
  await t.db.insert(workspaceMembers).values(workspaceRoles.map((role) => ({ workspaceId: teamId, userId: members[role].id, role })));
  const [task] = await t.db
    .insert(tasks)
    .values(taskRow(members.owner.id, { workspaceId: teamId, awaitingApproval: true }))
    .returning();
  return { teamId, taskId: task?.id ?? '' };
}

/**
 * The request as a member's browser makes it, naming the team. Only the status and, for a 403, the error are read: a
 * stream (the live events) is closed unread.
 */
async function call(user: SignedInUser, method: string, path: string, teamId: string) {
  const response = await t.app.request(path, {
    method,
    headers: {
      Origin: user.client.origin,
      'X-Forwarded-For': user.client.ip,
      Cookie: user.client.cookieHeader,
      'X-Workspace-Id': teamId,
      ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : '{}',
  });
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body: unknown = isJson ? await response.json() : await response.body?.cancel();
  return { status: response.status, body };
}

const refusal = (least: WorkspaceRole) => ({
  status: 403,
  body: { error: { code: 'forbidden', message: `You need the ${least} role in this workspace to do this.` } },
});

describe('x-workspace-role', () => {
  it('is declared on every operation, as none or a workspace role', () => {
    const undeclared = operations.filter((operation) => !needs.includes(operation.least as string));
    expect(
      undeclared.map((operation) => `${operation.name}: ${JSON.stringify(operation.least)}`),
      'operations without x-workspace-role none, viewer, editor, admin or owner',
    ).toEqual([]);
    expect(withRole.length).toBeGreaterThan(20);
  });

  it.each(withRole.map((operation) => [operation.name, operation] as const))(
    'refuses %s below its role and lets in members at or above it',
    async (name, { path, method, least }) => {
      const { teamId, taskId } = await seedTeam();
      const on = path.startsWith('/api/workspaces/{id}')
        ? path.replace('{id}', teamId)
        : path.startsWith('/api/tasks/{id}')
          ? path.replace('{id}', taskId)
          : path;
      const filled = on.replace(/\{[^}]+\}/g, () => randomUUID());
      const below = workspaceRoles.filter((role) => workspaceRoles.indexOf(role) < workspaceRoles.indexOf(least));
      const atOrAbove = workspaceRoles.filter((role) => !below.includes(role));

      // The refusals first, together: nothing has changed the team yet.
      const [strangers, ...refused] = await Promise.all([
        call(stranger, method, filled, teamId),
        ...below.map((role) => call(members[role], method, filled, teamId)),
      ]);
      expect({ name, ...strangers }).toEqual({
        name,
        status: 404,
        body: { error: { code: 'not_found', message: 'Workspace not found.' } },
      });
      for (const [index, role] of below.entries()) expect({ name, role, ...refused[index] }).toEqual({ name, role, ...refusal(least) });

      // Then the least role up, one by one, so that the owner deleting the team comes last.
      for (const role of atOrAbove) {
        const answer = await call(members[role], method, filled, teamId);
        expect({ name, role, answer }, `${role} is let past the role check`).not.toEqual({ name, role, answer: refusal(least) });
        expect(answer.status, `${name} as ${role}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      }
    },
  );
});
