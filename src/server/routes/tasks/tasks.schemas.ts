import { z } from '@hono/zod-openapi';
import { pageSize } from '#shared/lists/page-size';
import { monthlyBudgetSchema } from '#shared/budgets/monthly-budget.schema';
import {
  deliveryConfigSchema,
  fallbackModelSchema,
  parsePrompt,
  promptObjectSchema,
  taskInputSchema,
  taskListFilters,
  taskMessages,
} from '#shared/tasks/task.schema';
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
  key: singleLineText()
    .max(100, 'A task key is at most 100 characters.')
    .optional()
    .meta({ description: 'Only the task with this key (ADR 0126): none, or one' }),
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

/**
 * A field of a merge patch: absent (unchanged), null (removed, so back to its default or refused if required), or a
 * value. A field's default is PUT's, for a field it leaves out; in a patch, leaving a field out keeps it, so the
 * defaults are unwrapped here.
 */
const patchOf = <T extends z.ZodType>(field: T) => field.nullable().optional();

const input = taskInputSchema.in.shape;
const prompt = promptObjectSchema.shape;
const budget = monthlyBudgetSchema.shape;
const fallback = fallbackModelSchema.shape;

/**
 * The body of `PATCH /api/tasks/{id}`: a JSON Merge Patch (RFC 7396) of the task's input (ADR 0113). Each field it
 * names is checked by PUT's own rule, so its message is PUT's; the task it makes is then checked whole by PUT's
 * schema (`taskInputSchema`), cross-field rules included. Objects merge key by key; a prompt given as text replaces
 * the prompt. Unknown fields are ignored, as PUT ignores them.
 */
export const taskPatchSchema = z
  .object({
    name: patchOf(input.name),
    description: patchOf(input.description),
    key: patchOf(input.key.unwrap().unwrap()),
    provider: patchOf(input.provider),
    model: patchOf(input.model),
    scheduleType: patchOf(input.scheduleType),
    localTime: patchOf(input.localTime),
    scheduleTime: patchOf(input.scheduleTime),
    startDate: patchOf(input.startDate),
    timezone: patchOf(input.timezone),
    customCron: patchOf(input.customCron),
    cronTimezone: patchOf(input.cronTimezone),
    dstGap: patchOf(input.dstGap.unwrap()),
    dstRepeat: patchOf(input.dstRepeat.unwrap()),
    endDate: patchOf(input.endDate),
    maxRuns: patchOf(input.maxRuns),
    pausedUntil: patchOf(input.pausedUntil),
    skipDates: patchOf(input.skipDates),
    prompt: patchOf(
      z.preprocess(
        parsePrompt,
        z.object({
          input: patchOf(prompt.input),
          temperature: patchOf(prompt.temperature.unwrap()),
          searchEnabled: patchOf(prompt.searchEnabled.unwrap()),
        }),
      ),
    ),
    deliveryMethod: patchOf(input.deliveryMethod),
    deliveryConfig: patchOf(
      z.object(
        { email: patchOf(deliveryConfigSchema.shape.email), webhookUrl: patchOf(deliveryConfigSchema.shape.webhookUrl) },
        { error: taskMessages.delivery },
      ),
    ),
    // A list of destinations replaces the saved one whole, as JSON Merge Patch does with arrays (ADR 0127).
    destinations: patchOf(input.destinations.unwrap()),
    deliverWhen: patchOf(input.deliverWhen.unwrap()),
    deliveryCondition: patchOf(input.deliveryCondition),
    // Rules are replaced whole, as a list is by a merge patch (ADR 0123).
    deliveryRules: patchOf(input.deliveryRules.unwrap().unwrap()),
    budget: patchOf(z.object({ unit: patchOf(budget.unit), amount: patchOf(budget.amount) })),
    fallback: patchOf(z.object({ provider: patchOf(fallback.provider), model: patchOf(fallback.model) })),
    // A schema replaces the saved one whole: merged key by key, the old fields would linger (ADR 0119).
    outputSchema: patchOf(input.outputSchema.unwrap().unwrap()),
    itemKey: patchOf(input.itemKey.unwrap().unwrap()),
    // A list replaces the saved one whole, as JSON Merge Patch does with arrays.
    watchedFields: patchOf(input.watchedFields.unwrap().unwrap()),
  })
  .meta({
    id: 'TaskPatch',
    description:
      'A JSON Merge Patch (RFC 7396) of TaskInput: the fields to change; null removes a field (an optional one goes back to its default, a required one answers 400 as PUT without it); objects merge key by key.',
  });
