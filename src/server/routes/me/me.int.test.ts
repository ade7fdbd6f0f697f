import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, type TestClient, expectStatus } from '#test/app';
import type { Method } from '#test/typed-answer';

const t = useTestApp();
let ada: TestClient;
let grace: TestClient;

beforeAll(async () => {
  // Ada is the install's first account, its admin; Grace a member.
  ({ client: ada } = await t.signIn({ name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }));
  ({ client: grace } = await t.signIn({ name: 'Grace Hopper', email: 'grace@example.com' }));
});

describe('signed out', () => {
  it.each<[Method, string]>([
    ['GET', '/api/me'],
    ['PATCH', '/api/me'],
    ['POST', '/api/me/password'],
    ['GET', '/api/me/settings'],
    ['PUT', '/api/me/settings'],
  ])('%s %s answers 401', async (method, path) => {
    const response = await t.visitor().request(path, { method, body: method === 'GET' ? undefined : {} });
    expectStatus(response, 401);
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: 'Please sign in to continue.' } });
  });
});

describe('profile', () => {
  it('updates the full name and refuses one shorter than 2 characters', async () => {
    const refused = await ada.expectError('/api/me', { method: 'PATCH', body: { fullName: ' A ' }, status: 400 });
    expect(refused.error).toMatchObject({
      code: 'validation_failed',
      message: 'Name must be at least 2 characters.',
      fields: { fullName: 'Name must be at least 2 characters.' },
    });

    const updated = await ada.request('/api/me', { method: 'PATCH', body: { fullName: 'Augusta Ada King' } });
    expectStatus(updated, 200);
    expect(updated.body.user.fullName).toBe('Augusta Ada King');
    expect((await ada.ok('/api/me')).user.fullName).toBe('Augusta Ada King');
    expect((await grace.ok('/api/me')).user.fullName).toBe('Grace Hopper');
  });

  it('does not let an account with a password set a "first" password', async () => {
    const response = await ada.expectError('/api/me/password', {
      method: 'POST',
      body: { password: 'A-brand-new-Passw0rd!' },
      status: 409,
    });
    expect(response.error.code).toBe('conflict');
  });
});

describe('settings', () => {
  it('starts from the defaults, persists per user and shows the saved values back', async () => {
    expect(await ada.ok('/api/me/settings')).toEqual({
      notifications: { taskCompletion: false, taskErrors: true, weeklyDigest: false },
      defaultSchedule: null,
    });
    const saved = {
      notifications: { taskCompletion: true, taskErrors: false, weeklyDigest: true },
      defaultSchedule: { type: 'weekly', time: '07:30', timezone: 'Europe/Berlin' },
    };
    expect(await ada.ok('/api/me/settings', { method: 'PUT', body: saved })).toEqual(saved);
    expect(await ada.ok('/api/me/settings')).toEqual(saved);
    // Another user's settings are untouched.
    expect((await grace.ok('/api/me/settings')).defaultSchedule).toBeNull();
  });

  it('keeps "no default schedule" apart from a saved daily 09:00 UTC', async () => {
    const notificationsOnly = {
      notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: false },
      defaultSchedule: null,
    };
    expect(await grace.ok('/api/me/settings', { method: 'PUT', body: notificationsOnly })).toEqual(notificationsOnly);
    expect((await grace.ok('/api/me/settings')).defaultSchedule).toBeNull();
    const utcMorning = { ...notificationsOnly, defaultSchedule: { type: 'daily', time: '09:00', timezone: 'UTC' } };
    await grace.request('/api/me/settings', { method: 'PUT', body: utcMorning });
    expect(await grace.ok('/api/me/settings')).toEqual(utcMorning);
    // A schedule is all three fields or none.
    await grace.expectError('/api/me/settings', {
      method: 'PUT',
      body: { ...notificationsOnly, defaultSchedule: { type: 'daily' } },
      status: 400,
    });
    await grace.request('/api/me/settings', { method: 'PUT', body: notificationsOnly });
  });

  it('keeps the personal workspace’s monthly budget apart from the settings, and refuses one that is not above 0', async () => {
    const base = { notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: false }, defaultSchedule: null };
    expect(await grace.ok('/api/budget')).toEqual({ budget: null });
    const saved = await grace.request('/api/budget', { method: 'PUT', body: { budget: { unit: 'usd', amount: 12.5 } } });
    expectStatus(saved, 200);
    expect(saved.body.budget).toEqual({ unit: 'usd', amount: 12.5 });
    // Settings saved by a client that still sends a budget there leave the workspace's alone (ADR 0141).
    expect(await grace.ok('/api/me/settings', { method: 'PUT', body: { ...base, budget: null } })).toEqual(base);
    expect(await grace.ok('/api/budget')).toEqual({ budget: { unit: 'usd', amount: 12.5 } });
    const refused = await grace.expectError('/api/budget', {
      method: 'PUT',
      body: { budget: { unit: 'tokens', amount: 0 } },
      status: 400,
    });
    expect(refused.error.fields).toEqual({ 'budget.amount': 'Please enter a budget greater than 0.' });
    expect((await grace.ok('/api/budget', { method: 'PUT', body: { budget: null } })).budget).toBeNull();
  });

  it('refuses an unknown time zone, a bad time and an unknown schedule type with clear messages', async () => {
    const body = {
      notifications: { taskCompletion: true, taskErrors: true, weeklyDigest: true },
      defaultSchedule: { type: 'hourly', time: '25:00', timezone: 'Mars/Olympus' },
    };
    const response = await grace.expectError('/api/me/settings', { method: 'PUT', body, status: 400 });
    expect(response.error.fields).toEqual({
      'defaultSchedule.type': 'Please select a schedule type.',
      'defaultSchedule.time': 'Please enter a time as HH:MM.',
      'defaultSchedule.timezone': 'Please select a valid time zone.',
    });
    expect((await grace.ok('/api/me/settings')).defaultSchedule).toBeNull();
  });
});

describe('what the dashboard greets with and shows times in (issue 37)', () => {
  it('calls an account new in the session it signed up in, and back once it signs in again', async () => {
    const fresh = await t.signIn({ name: 'Nora Newcomer' });
    expect((await fresh.client.ok('/api/me')).user).toMatchObject({ fullName: 'Nora Newcomer', newcomer: true });

    const laptop = t.visitor();
    expect((await laptop.signIn(fresh.email, fresh.password)).status).toBe(200);
    expect((await laptop.ok('/api/me')).user.newcomer).toBe(false);
    // The first session's visit is no longer the only one either.
    expect((await fresh.client.ok('/api/me')).user.newcomer).toBe(false);
  });

  it('calls an invited account new in the session its invitation opened, where it chose its password', async () => {
    const invited = await t.signIn({ name: 'Iris Invited', invited: true });
    expect((await invited.client.ok('/api/me')).user.newcomer).toBe(true);
    const password = 'A-brand-new-Passw0rd!';
    // The answer the app keeps as the signed-in user says so too.
    const chosen = await invited.client.request('/api/me/password', { method: 'POST', body: { password } });
    expectStatus(chosen, 200);
    expect(chosen.body.user).toMatchObject({ hasSetPassword: true, newcomer: true, timeZone: 'UTC' });
    expect((await invited.client.ok('/api/me')).user.newcomer).toBe(true);
  });

  it('answers the zone the user’s days are counted in: UTC, then their default schedule’s', async () => {
    const { client } = await t.signIn({ name: 'Zeno Zone' });
    expect((await client.ok('/api/me')).user.timeZone).toBe('UTC');
    const settings = {
      notifications: { taskCompletion: false, taskErrors: true, weeklyDigest: false },
      defaultSchedule: { type: 'daily', time: '08:00', timezone: 'Europe/Berlin' },
    };
    expect((await client.request('/api/me/settings', { method: 'PUT', body: settings })).status).toBe(200);
    expect((await client.ok('/api/me')).user.timeZone).toBe('Europe/Berlin');
    const renamed = await client.request('/api/me', { method: 'PATCH', body: { fullName: 'Zeno Zoned' } });
    expectStatus(renamed, 200);
    expect(renamed.body.user).toMatchObject({ fullName: 'Zeno Zoned', newcomer: true, timeZone: 'Europe/Berlin' });
  });
});
