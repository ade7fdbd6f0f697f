import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '#shared/tasks/task.schema';
import { TaskDetailRoute } from '#web/app/routes/dashboard/tasks/task-detail';
import { stubApi } from '#web/testing/api-stubs';
import { makeTask } from '#web/testing/task-fixtures';
import { jsonResponse, renderWithToasts } from '#web/testing/test-utils';

function renderTaskPage(task: Task) {
  stubApi({
    handlers: {
      'GET /api/tasks/task-1': () => jsonResponse({ task }),
      'GET /api/tasks/task-1/runs': () => jsonResponse({ items: [], nextCursor: null }),
    },
  });
  renderWithToasts([{ path: '/dashboard/tasks/:taskId', Component: TaskDetailRoute }], { initialPath: '/dashboard/tasks/task-1' });
}

describe("a task's key on its page (ADR 0126)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toast.dismiss();
  });

  it('shows the key a tasks file knows the task by', async () => {
    renderTaskPage(makeTask({ key: 'morning-brief' }));

    expect(await screen.findByRole('heading', { name: 'Morning news digest' })).toBeTruthy();
    expect(screen.getByText('morning-brief', { selector: 'code' }).parentElement?.textContent).toBe('Key morning-brief');
  });

  it('says nothing of a key when the task has none', async () => {
    renderTaskPage(makeTask());

    expect(await screen.findByRole('heading', { name: 'Morning news digest' })).toBeTruthy();
    expect(screen.queryByText(/^Key/)).toBeNull();
  });
});
