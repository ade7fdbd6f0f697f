import { expect, it } from 'vitest';
import { useTestApp } from '#test/app';
import { taskInput } from '#test/builders';
import { taskKeyTakenMessage } from '#shared/tasks/task.schema';

const t = useTestApp();

it('a task key is unique per owner, found by GET /api/tasks?key=, kept by a PUT that leaves it out and removed by null', async () => {
  const { client: ada } = await t.signIn({ email: 'ada-keys@example.com' });
  const { client: bob } = await t.signIn({ email: 'bob-keys@example.com' });
  const { task } = await ada.ok('/api/tasks', { method: 'POST', body: taskInput({ key: 'morning-brief' }) });
  expect(task.key).toBe('morning-brief');
  // Another owner may use the same key; the same owner may not, on a new task or another one.
  expect((await bob.request('/api/tasks', { method: 'POST', body: taskInput({ key: 'morning-brief' }) })).status).toBe(201);
  const taken = await ada.request('/api/tasks', { method: 'POST', body: taskInput({ key: 'morning-brief' }) });
  expect(taken.status).toBe(409);
  expect(taken.body).toMatchObject({
    error: { code: 'task_key_taken', message: taskKeyTakenMessage('morning-brief'), fields: { key: taskKeyTakenMessage('morning-brief') } },
  });
  const { task: other } = await ada.ok('/api/tasks', { method: 'POST', body: taskInput({ name: 'Other' }) });
  expect(other.key).toBeNull();
  expect((await ada.request(`/api/tasks/${other.id}`, { method: 'PATCH', body: { key: 'morning-brief' } })).status).toBe(409);

  const found = await ada.ok('/api/tasks?key=morning-brief');
  expect(found.items.map((item) => item.id)).toEqual([task.id]);
  expect((await ada.ok('/api/tasks?key=nothing-here')).items).toEqual([]);

  // A form that does not show the key saves the task whole (PUT) and keeps it; a patch's null removes it.
  const put = await ada.ok(`/api/tasks/${task.id}`, { method: 'PUT', body: taskInput({ name: 'Renamed brief' }) });
  expect(put.task).toMatchObject({ name: 'Renamed brief', key: 'morning-brief' });
  const removed = await ada.ok(`/api/tasks/${task.id}`, { method: 'PATCH', body: { key: null } });
  expect(removed.task.key).toBeNull();

  const bad = await ada.request('/api/tasks', { method: 'POST', body: taskInput({ key: 'Not A Key' }) });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ error: { fields: { key: expect.stringContaining('A key is 1–100 characters') } } });
});
