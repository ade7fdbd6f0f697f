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
  'key',
]);

/**
 * The field a destination's complaint shows at (ADR 0127): the server names its place (`destinations.2`,
 * `destinations.1.config.webhookUrl`, `destinations.0.onlyWhen.rules.1.value`). The first destination's address is
 * the method and address at the top; another's whole-row complaint (the same destination twice) shows at its address.
 */
function destinationField(form: UseFormReturn<TaskFormValues, unknown, ParsedTaskInput>, path: string): string | undefined {
  const match = /^destinations\.(\d+)(?:\.(.+))?$/.exec(path);
  if (!match) return undefined;
  const index = Number(match[1]);
  const rest = match[2] ?? '';
  const destinations = form.getValues('destinations') ?? [];
  if (index > 0 && index >= destinations.length) return undefined;
  if (rest.startsWith('onlyWhen')) return path;
  const method = index === 0 ? form.getValues('deliveryMethod') : destinations[index]?.method;
  const address =
    rest === 'config.email' || rest === 'config.webhookUrl' ? rest : `config.${deliversToUrl(method) ? 'webhookUrl' : 'email'}`;
  return index === 0 ? `deliveryConfig.${address.slice('config.'.length)}` : `destinations.${index}.${address}`;
}

/**
 * A test of another destination sends that destination's method and address as the one-destination shorthand, so the
 * server names its address `deliveryConfig.email`: that place is the destination's row.
 */
function testedDestinationPath(path: string, destinationIndex: number): string {
  if (destinationIndex === 0) return path;
  if (path === 'deliveryConfig' || path === 'deliveryMethod') return `destinations.${destinationIndex}`;
  if (path.startsWith('deliveryConfig.')) return `destinations.${destinationIndex}.config.${path.slice('deliveryConfig.'.length)}`;
  return path;
}

/**
 * Puts a 400's per-field messages under the fields they belong to, as the form's own checks would; used by saving
 * and by "Send test message" (`destinationIndex`: the destination tested, when it is not the first). Returns how many
 * fields got a message, so a caller knows whether any is on screen.
 */
export function showServerFieldErrors(
  form: UseFormReturn<TaskFormValues, unknown, ParsedTaskInput>,
  error: unknown,
  { destinationIndex = 0 }: { destinationIndex?: number } = {},
): number {
  let shown = 0;
  for (const [sentPath, message] of Object.entries(serverFieldErrors(error))) {
    const path = testedDestinationPath(sentPath, destinationIndex);
    // A complaint about a whole object belongs to the field the user fills in for it.
    const field =
      destinationField(form, path) ??
      (path === 'prompt'
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
                : path);
    if (!formFields.has(field) && !field.startsWith('destinations.')) continue;
    form.setError(field as FieldPath<TaskFormValues>, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown;
}
