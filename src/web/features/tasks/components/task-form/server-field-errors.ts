import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { deliversToUrl, type ParsedTaskInput } from '#shared/tasks/task.schema';
import { serverFieldErrors } from '#web/lib/form-errors';
import type { TaskFormValues } from './task-form-values';

/** The server's field names (docs/api.md: paths such as "deliveryConfig.email") that the form has a field for. */
const formFields = new Set<string>([
  'name',
  'description',
  'provider',
  'model',
  'scheduleType',
  'localTime',
  'scheduleTime',
  'cronTimezone',
  'dstGap',
  'dstRepeat',
  'startDate',
  'timezone',
  'customCron',
  'endDate',
  'maxRuns',
  'pausedUntil',
  'skipDates',
  'prompt.input',
  'prompt.temperature',
  'prompt.searchEnabled',
  'deliveryMethod',
  'deliveryConfig.email',
  'deliveryConfig.webhookUrl',
  'fallback',
  'outputSchema',
]);

/**
 * Puts a 400's per-field messages under the fields they belong to, as the form's own checks would; used by saving
 * and by "Send test message". Returns how many fields got a message, so a caller knows whether any is on screen.
 */
export function showServerFieldErrors(form: UseFormReturn<TaskFormValues, unknown, ParsedTaskInput>, error: unknown): number {
  let shown = 0;
  for (const [path, message] of Object.entries(serverFieldErrors(error))) {
    // A complaint about a whole object belongs to the field the user fills in for it.
    const field =
      path === 'prompt'
        ? 'prompt.input'
        : path === 'deliveryConfig'
          ? `deliveryConfig.${deliversToUrl(form.getValues('deliveryMethod')) ? 'webhookUrl' : 'email'}`
          : // The plan's pace ("at most every 60 minutes") is about the schedule as a whole: the cron, or the type.
            path === 'schedule'
            ? form.getValues('scheduleType') === 'custom'
              ? 'customCron'
              : 'scheduleType'
            : // The fallback is one select: its model's or provider's message shows under it.
              path.startsWith('fallback.')
              ? 'fallback'
              : // A schema's problem names its place inside the schema (`outputSchema.properties.items.type`); the card shows it.
                path.startsWith('outputSchema.')
                ? 'outputSchema'
                : path;
    if (!formFields.has(field)) continue;
    form.setError(field as FieldPath<TaskFormValues>, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}
