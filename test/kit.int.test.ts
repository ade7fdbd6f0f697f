import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meResponseSchema } from '#shared/auth/me.schema';
import { taskResponseSchema } from '#shared/tasks/task.schema';
import { useTestApp } from '#test/app';
import { taskInput } from '#test/builders';

/** The kit itself (ADR 0062): what every suite relies on must hold, and its checks must be able to fail. */
const t = useTestApp();

describe('test kit', () => {
  it('signs a user in through a session row the app accepts, as the role asked for', async () => {
    const ada = await t.signIn({ name: 'Ada Kit', role: 'admin' });
    const grace = await t.signIn({ name: 'Grace Kit' });

    const me = await ada.client.expectOk(meResponseSchema, '/api/me');
    expect(me.user).toMatchObject({ id: ada.id, email: 'adakit@example.com', role: 'admin', fullName: 'Ada Kit' });
    expect((await grace.client.expectOk(meResponseSchema, '/api/me')).user).toMatchObject({ id: grace.id, role: 'user' });
    expect((await grace.client.request('/api/admin/users')).status).toBe(403);
  });

  it('makes users who can also sign in through the form with the shared password', async () => {
    const lin = await t.signIn({ name: 'Lin Kit' });
    const visitor = t.visitor();
    expect((await visitor.signIn(lin.email, lin.password)).status).toBe(200);
    expect((await visitor.expectOk(meResponseSchema, '/api/me')).user.id).toBe(lin.id);
  });

  it('runs the example of docs/testing.md', async () => {
    const ada = await t.signIn({ name: 'Ada Docs' });
    const { task } = await ada.client.expectOk(taskResponseSchema, '/api/tasks', { method: 'POST', body: taskInput(), status: 201 });
    const paused = await ada.client.expectOk(taskResponseSchema, `/api/tasks/${task.id}/pause`, { method: 'POST' });
    expect(paused.task.status).toBe('paused');
    const refused = await t.visitor().expectError(`/api/tasks/${task.id}`, { status: 401 });
    expect(refused.error.code).toBe('unauthorized');
  });

  it('fails a test on an answer of another shape or status than expected', async () => {
    const { client } = await t.signIn({ name: 'Shape Kit' });
    await expect(client.expectOk(z.object({ user: z.object({ id: z.number() }) }), '/api/me')).rejects.toThrow(z.ZodError);
    await expect(client.expectOk(meResponseSchema, '/api/me', { status: 201 })).rejects.toThrow(
      /GET \/api\/me answered 200 \(expected 201\)/,
    );
    await expect(client.expectError('/api/me', { status: 404 })).rejects.toThrow(/answered 200 \(expected 404\)/);
  });
});
