import { describe, expect, it } from 'vitest';
import { sessionEndedEventSchema } from '#shared/auth/session-ended.schema';
import { type SignedInUser, type TestClient, useTestApp } from '#test/app';
import { seedRun, seedTask } from '#test/seed';
import { sseReader } from '#test/sse-reader';

/**
 * Issue 36: a live stream lives only as long as the session that opened it. When the session ends, for whatever
 * reason and from whichever device, the stream says why within 5 s and closes; opening it again answers 401.
 */

const t = useTestApp();
let admin: TestClient;

/** `user`'s open stream, which must end with `reason` within 5 s of `end`, and nothing more. */
async function expectStreamEndsWith(user: SignedInUser, reason: string, end: () => Promise<unknown>) {
  const response = await user.client.open('/api/events');
  expect(response.status).toBe(200);
  const events = sseReader(response);
  await end();
  const message = await events.next(5_000);
  expect(message).toEqual({ event: 'session-ended', data: JSON.stringify({ reason }) });
  expect(sessionEndedEventSchema.parse(JSON.parse(message === 'closed' ? '' : (message.data ?? '')))).toEqual({ reason });
  expect(await events.next(5_000)).toBe('closed');
  expect((await user.client.open('/api/events')).status).toBe(401);
}

describe('GET /api/events when its session ends', () => {
  it('says "signed-out" when the browser signs out', async () => {
    ({ client: admin } = await t.signIn({ name: 'Ada Admin', role: 'admin' }));
    const user = await t.signIn({ name: 'Signing Out' });
    await expectStreamEndsWith(user, 'signed-out', () => user.client.request('/api/auth/sign-out', { method: 'POST', body: {} }));
  });

  it('says "password-changed" when another device changes the password and signs the others out', async () => {
    const user = await t.signIn({ name: 'Two Devices' });
    const phone = t.visitor('198.51.100.31');
    expect((await phone.signIn(user.email, user.password)).status).toBe(200);
    await expectStreamEndsWith(user, 'password-changed', async () => {
      const changed = await phone.request('/api/auth/change-password', {
        method: 'POST',
        body: { currentPassword: user.password, newPassword: 'A-brand-new-passphrase-2026!', revokeOtherSessions: true },
      });
      expect(changed.status).toBe(200);
    });
  });

  it('lets the browser that changed the password stream again with the session that replaced its own', async () => {
    const user = await t.signIn({ name: 'Changes Here' });
    const events = sseReader(await user.client.open('/api/events'));
    const changed = await user.client.request('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword: user.password, newPassword: 'A-brand-new-passphrase-2026!', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);

    // The stream belongs to the old session, which ended; the browser's cookie holds the new one (lib/session-end.ts).
    expect(await events.next(5_000)).toEqual({ event: 'session-ended', data: JSON.stringify({ reason: 'password-changed' }) });
    expect(await user.client.ok('/api/auth/get-session')).toMatchObject({ user: { id: user.id } });
    const again = await user.client.open('/api/events');
    expect(again.status).toBe(200);
    await sseReader(again).close();
  });

  it('says "suspended" when an administrator suspends the account', async () => {
    const user = await t.signIn({ name: 'Suspended Soon' });
    await expectStreamEndsWith(user, 'suspended', async () => {
      expect((await admin.request(`/api/admin/users/${user.id}/suspend`, { method: 'POST' })).status).toBeLessThan(300);
    });
  });

  it('says "deleted" when an administrator deletes the account', async () => {
    const user = await t.signIn({ name: 'Deleted Soon' });
    await expectStreamEndsWith(user, 'deleted', async () => {
      expect((await admin.request(`/api/admin/users/${user.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    });
  });

  it('keeps streaming when another session of the same user signs out', async () => {
    const user = await t.signIn({ name: 'Stays' });
    const phone = t.visitor('198.51.100.32');
    expect((await phone.signIn(user.email, user.password)).status).toBe(200);
    const events = sseReader(await user.client.open('/api/events'));
    expect((await phone.request('/api/auth/sign-out', { method: 'POST', body: {} })).status).toBe(200);
    const task = await seedTask(t.db, user.id);
    const run = await seedRun(t.db, task, { status: 'processing', completedAt: null });
    expect(await events.nextRun()).toEqual({ runId: run.id, taskId: task.id, status: 'processing' });
    await events.close();
  });
});
