import { z } from '@hono/zod-openapi';
import { pageSize } from '#shared/lists/page-size';
import { taskListFilters } from '#shared/tasks/task.schema';
import { singleLineText } from '#shared/text/safe-text';
import { decodeHistoryCursor } from '../../core/history/history-cursor';
import { decodeTaskCursor } from '../../core/tasks/list-tasks';

/*
 * The tasks API's request parameters. Its answers (Task, Run and their pages) are the shared contracts in
 * `#shared/tasks/task.schema` and `#shared/runs/run.schema`.
 */

export const taskListQuerySchema = z.object({
  search: singleLineText().max(200, 'Search text can be at most 200 characters.').optional(),
  status: z.enum(taskListFilters).default('all'),
  limit: pageSize(100, 20),
  cursor: singleLineText()
    .max(200)
    .refine((value) => decodeTaskCursor(value) !== undefined, 'This page link is not valid any more. Please reload the list.')
    .optional(),
});

export const runListQuerySchema = z.object({
  limit: pageSize(100, 20),
  cursor: singleLineText()
    .max(200)
    .refine((value) => decodeHistoryCursor(value) !== undefined, 'This page link is not valid any more. Please reload the runs.')
    .optional(),
});
