import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTaskDetail as Detail } from '#shared/admin/admin-task.schema';
import { testAdmin } from '#test/fixtures';
import { errorResponse, stubApi } from '#web/testing/api-stubs';
import { makeRun } from '#web/testing/run-fixtures';
import { jsonResponse, renderRoutes } from '#web/testing/test-utils';
import { AdminTaskDetail } from './admin-task-detail';

const taskId = '11111111-1111-4111-8111-111111111111';
const detail: Detail = {
  task: {
    id: taskId,
    name: 'Morning news',
    owner: { id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' },
    status: 'paused',
    schedule: 'Daily at 09:00 CET',
    provider: 'openai',
    model: 'gpt-5-mini',
    lastRun: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    description: 'The news at nine.',
    timezone: 'Europe/Berlin',
    nextFireAt: null,
    deliveryMethod: 'email',
    fallback: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    result: 'list',
  },
  runs: [makeRun({ taskId, status: 'error', error: 'OpenAI rejected the API key' })],
};

const render = () =>
  renderRoutes([{ path: '/admin/tasks/:taskId', element: <AdminTaskDetail taskId={taskId} /> }], { initialPath: `/admin/tasks/${taskId}` });

describe('admin task detail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows any owner’s task read-only, with its runs', async () => {
    stubApi({ me: testAdmin, handlers: { [`GET /api/admin/tasks/${taskId}`]: () => jsonResponse(detail) } });
    render();
    expect(await screen.findByRole('heading', { name: 'Morning news' })).toBeTruthy();
    expect(screen.getByText('Daily at 09:00 CET')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('Not scheduled')).toBeTruthy();
    expect(screen.getByText('Anthropic · Claude Sonnet 4.5')).toBeTruthy();
    expect(screen.getByText('Data: a list of items')).toBeTruthy();
    expect(screen.getByText(/OpenAI rejected the API key/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /edit/i })).toBeNull();
  });

  it('says when the task does not exist', async () => {
    stubApi({ me: testAdmin, handlers: { [`GET /api/admin/tasks/${taskId}`]: () => errorResponse(404, 'not_found', 'Task not found') } });
    render();
    expect(await screen.findByText('Task not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All Tasks' }).getAttribute('href')).toBe('/admin/tasks');
  });
});
