import { taskInputSchema, type ParsedTaskInput, type Task } from '#shared/tasks/task.schema';
import { applyMergePatch } from '../../lib/merge-patch';
import { DomainError } from '../errors';
import { taskInputOf } from './task-input-of';

/**
 * The task input a JSON Merge Patch makes of `current` (ADR 0113): merged into the task as it is, then checked whole by
 * PUT's schema, so a patch answers as PUT would. `PATCH /api/tasks/{id}` and the MCP `update_task` tool both call it.
 */
export function mergeTaskPatch(current: Task, patch: unknown): ParsedTaskInput {
  const patched = withPatchedShorthand(applyMergePatch(patchBase(current, patch), patch), patch) as Record<string, unknown>;
  // A key left out of a whole input is kept (PUT); a patch's null removes it.
  if (typeof patch === 'object' && patch !== null && 'key' in patch && patch.key === null) patched.key = null;
  const merged = taskInputSchema.safeParse(patched);
  if (merged.success) return merged.data;
  // The same answer as a request body failing its schema (routes/errors.ts validationFailed).
  const fields: Record<string, string> = {};
  for (const issue of merged.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  throw new DomainError('validation_failed', 400, merged.error.issues[0]?.message ?? 'The request is not valid.', fields);
}

/** A patch in the deprecated UTC form (`scheduleTime` alone) replaces the task's local time rather than contradicting it. */
function patchBase(current: Task, patch: unknown): Record<string, unknown> {
  const base = taskInputOf(current);
  const named = typeof patch === 'object' && patch !== null ? patch : {};
  if ('scheduleTime' in named && !('localTime' in named)) delete base.localTime;
  // An output schema is replaced whole, not merged into the saved one (ADR 0119).
  if ('outputSchema' in named) delete base.outputSchema;
  // So are delivery rules (ADR 0123): a `match` merged into the old rules would keep rules the user dropped.
  if ('deliveryRules' in named) delete base.deliveryRules;
  // A list of destinations is replaced whole, and its first is the shorthand then (ADR 0127).
  if ('destinations' in named) {
    delete base.deliveryMethod;
    delete base.deliveryConfig;
  }
  return base;
}

/** The shorthand patched alone edits the first of several destinations, which keeps its id (ADR 0127). */
function withPatchedShorthand(merged: unknown, patch: unknown): unknown {
  const named = typeof patch === 'object' && patch !== null ? patch : {};
  if ('destinations' in named || !('deliveryMethod' in named || 'deliveryConfig' in named)) return merged;
  if (typeof merged !== 'object' || merged === null) return merged;
  const task: Record<string, unknown> = { ...merged };
  if (!Array.isArray(task.destinations) || task.destinations.length === 0) return task;
  const [first, ...rest] = task.destinations as Record<string, unknown>[];
  task.destinations = [{ ...first, method: task.deliveryMethod, config: task.deliveryConfig }, ...rest];
  return task;
}
