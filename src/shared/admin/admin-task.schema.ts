import { z } from 'zod';
import { pageSize } from '#shared/lists/page-size';
import { runSchema, runStatuses } from '../runs/run.schema';
import { singleLineText } from '../text/safe-text';
import { taskListFilters, taskStatuses } from '../tasks/task.schema';

/**
 * The administrator's view of any user's task (issue 17, spec section 2 "All Tasks"): one contract for the list, the
 * detail page, the row actions and the web's parsing.
 */

/** The owner's name as the list shows it: the full name, else the account name, else this. */
export const unknownOwnerName = 'Unknown user';

export const adminTaskOwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

export const adminTaskLastRunSchema = z.object({ startedAt: z.string(), status: z.enum(runStatuses) });

export const adminTaskSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    owner: adminTaskOwnerSchema,
    status: z.enum(taskStatuses),
    /** Spec section 2: the cron text, or "daily at 09:00 CET" in the task's own zone. */
    schedule: z.string(),
    provider: z.string(),
    model: z.string(),
    lastRun: adminTaskLastRunSchema.nullable().meta({ description: 'The latest run, null when the task never ran' }),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminTask' });

export type AdminTask = z.infer<typeof adminTaskSchema>;

export const adminTaskPageSchema = z
  .object({
    items: z.array(adminTaskSchema),
    total: z.number().int().nonnegative().meta({ description: 'Every task matching the filter, not just this page' }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AdminTaskPage' });

export type AdminTaskPage = z.infer<typeof adminTaskPageSchema>;

export const adminTaskResponseSchema = z.object({ task: adminTaskSchema });

/** Most runs the detail page shows. */
export const adminTaskRecentRunCount = 20;

export const adminTaskDetailSchema = z
  .object({
    task: adminTaskSchema.extend({
      description: z.string().nullable(),
      timezone: z.string(),
      nextFireAt: z.string().nullable(),
      deliveryMethod: z.string(),
      fallback: z
        .object({ provider: z.string(), model: z.string() })
        .nullable()
        .meta({ description: 'The model tried once when the first fails, null for none' }),
      result: z
        .enum(['text', 'list', 'record'])
        .meta({ description: 'What a run returns: free text, or data (a list of items or one record) by its output schema' }),
    }),
    runs: z.array(runSchema),
  })
  .meta({ id: 'AdminTaskDetail' });

export type AdminTaskDetail = z.infer<typeof adminTaskDetailSchema>;

/** The list's and the export's filter; the web builds its query from the same names. */
export const adminTaskFilterSchema = z.object({
  search: singleLineText().max(200, 'Search text can be at most 200 characters.').optional(),
  status: z.enum(taskListFilters).default('all'),
  provider: singleLineText().max(100, 'Provider can be at most 100 characters.').optional(),
});

export type AdminTaskFilter = z.input<typeof adminTaskFilterSchema>;

export const adminTaskListQuerySchema = adminTaskFilterSchema.extend({
  limit: pageSize(100, 20),
  cursor: singleLineText().max(200).optional(),
});
