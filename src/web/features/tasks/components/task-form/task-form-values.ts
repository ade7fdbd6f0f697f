import { z } from 'zod';
import { specDefaultSchedule, type UserSettings } from '#shared/settings/user-settings.schema';
import { defaultProvider, providerCatalog, type ProviderId } from '#shared/tasks/catalog';
import { toLocalScheduleTime, upcomingSlots, type Schedule, type Slot } from '#shared/tasks/schedule';
import type { ScheduleBounds } from '#shared/tasks/schedule-bounds';
import {
  catchUpWindowSeconds,
  isValidCron,
  taskInputSchema,
  temperatureRange,
  type ParsedTaskInput,
  type Task,
  type TaskInput,
} from '#shared/tasks/task.schema';
import { isTimeZone, todayIn } from '#shared/time/zoned-time';

/**
 * What the task form holds: the shared `TaskInput`, whose `localTime` is the user's wall time in `timezone` as the
 * API stores it (ADR 0116), with the prompt always the object the form edits (the API also accepts a string, which
 * makes the schema's input type for it `unknown`).
 */
export type TaskFormValues = Omit<TaskInput, 'prompt'> & { prompt: ParsedTaskInput['prompt'] };

/**
 * The form's validation: the shared `taskInputSchema` itself (same rules, same messages, same paths), entered from
 * the form's values. The form always holds a `TaskFormValues`, which is a `TaskInput` (the compiler checks the
 * widening below), so the resolver is typed for the form without a cast.
 */
export const taskFormSchema = z
  .custom<TaskFormValues>()
  .transform((values): TaskInput => ({
    ...values,
    // An empty key is none (the key field makes an emptied saved key null, which removes it).
    key: values.key === '' ? undefined : values.key,
    destinations: withShorthandFirst(values),
    prompt: { ...values.prompt, temperature: temperatureOf(values.prompt.temperature) },
  }))
  .pipe(taskInputSchema);

/**
 * The form's destinations (ADR 0127) as the schema checks them: the form's method and address are the first, which
 * keeps its id and its own rule; the others follow as their rows have them. One destination without a rule of its own
 * is the method and address alone, as every task had before.
 */
function withShorthandFirst(values: TaskFormValues): TaskInput['destinations'] {
  const [first, ...rest] = values.destinations ?? [];
  if (!first || (rest.length === 0 && !first.onlyWhen)) return undefined;
  const method = values.deliveryMethod ?? first.method;
  return [{ id: first.id, method, config: values.deliveryConfig ?? first.config, onlyWhen: first.onlyWhen ?? null }, ...rest];
}

/** A destination row as the form starts it: e-mail, its address still to be typed, no rule of its own. */
export function blankDestination(): FormDestination {
  return { method: 'email', config: { email: '', webhookUrl: '' }, onlyWhen: null };
}

export type FormDestination = NonNullable<TaskFormValues['destinations']>[number];

/**
 * The schema takes only a number for the temperature; an input element may still hand over its text (a value set
 * before `valueAsNumber` applies, an emptied field). Empty text is no number, so the schema's message shows.
 */
function temperatureOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** Spec section 9: a new task runs daily at 09:00 on OpenAI's default model. */
export const defaultScheduleTime = specDefaultSchedule.time;
const defaultModel = providerCatalog.find((provider) => provider.id === defaultProvider)?.defaultModel ?? 'gpt-5-nano';

const timePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

type NewTaskDefaults = {
  /** The signed-in user's address, where results go by default. */
  email: string;
  settings?: UserSettings | undefined;
  /** The browser's zone, used unless the user saved another default. */
  browserZone: string;
  now?: Date;
};

/** A blank task: spec section 9's defaults, or the user's saved default schedule, delivering to the user by e-mail. */
export function newTaskFormValues({ email, settings, browserZone, now = new Date() }: NewTaskDefaults): TaskFormValues {
  // Null until the user saves a default schedule in settings; then the browser's zone is the one to use.
  const saved = settings?.defaultSchedule;
  const timezone = saved?.timezone ?? browserZone;
  return {
    name: '',
    description: '',
    provider: defaultProvider,
    model: defaultModel,
    scheduleType: saved?.type ?? specDefaultSchedule.type,
    localTime: saved?.time ?? defaultScheduleTime,
    startDate: todayIn(timezone, now),
    timezone,
    customCron: '',
    cronTimezone: timezone,
    dstGap: 'shift',
    dstRepeat: 'first',
    prompt: { input: '', temperature: temperatureRange.default, searchEnabled: false },
    deliveryMethod: 'email',
    deliveryConfig: { email, webhookUrl: '' },
    deliverWhen: 'always',
    deliveryCondition: '',
    budget: null,
    catchUpWindow: catchUpWindowSeconds.default,
    overlap: 'skip',
    fallback: null,
    outputSchema: null,
    deliveryRules: null,
    itemKey: null,
    watchedFields: [],
  };
}

/**
 * A stored task as the form edits it. A custom task gets a time and start date too, so switching it to a simple
 * schedule starts from something sensible rather than from empty fields; a task saved before local times existed
 * has its UTC time read on its start date.
 */
export function taskFormValuesOf(task: Task, now = new Date()): TaskFormValues {
  const startDate = task.startDate ?? todayIn(task.timezone, now);
  return {
    name: task.name,
    description: task.description ?? '',
    key: task.key ?? '',
    provider: task.provider as TaskFormValues['provider'],
    model: task.model,
    scheduleType: task.scheduleType,
    localTime:
      task.localTime ?? (task.scheduleTime ? toLocalScheduleTime(task.scheduleTime, startDate, task.timezone) : defaultScheduleTime),
    startDate,
    timezone: task.timezone,
    customCron: task.customCron ?? '',
    cronTimezone: task.cronTimezone ?? task.timezone,
    dstGap: task.dstGap ?? 'shift',
    dstRepeat: task.dstRepeat ?? 'first',
    prompt: { input: task.prompt.input, temperature: task.prompt.temperature, searchEnabled: task.prompt.searchEnabled },
    deliveryMethod: task.deliveryMethod,
    deliveryConfig: { email: task.deliveryConfig.email ?? '', webhookUrl: task.deliveryConfig.webhookUrl ?? '' },
    // Each destination with its id, so that saving keeps its state (ADR 0127); the first is also the fields above.
    destinations: task.destinations.length
      ? task.destinations.map(({ id, method, config, onlyWhen }) => ({
          id,
          method,
          config: { email: config.email ?? '', webhookUrl: config.webhookUrl ?? '' },
          onlyWhen,
        }))
      : [{ method: task.deliveryMethod, config: task.deliveryConfig, onlyWhen: null }],
    deliverWhen: task.deliverWhen,
    deliveryCondition: task.deliveryCondition ?? '',
    budget: task.budget,
    catchUpWindow: task.catchUpWindow,
    overlap: task.overlap,
    fallback: task.fallback && { provider: task.fallback.provider as ProviderId, model: task.fallback.model },
    outputSchema: task.outputSchema,
    // The delivery card edits them (ADRs 0122, 0123); the schema drops those of a rule not chosen when it saves.
    deliveryRules: task.deliveryRules,
    itemKey: task.itemKey,
    watchedFields: task.watchedFields,
    endDate: task.endDate,
    maxRuns: task.maxRuns,
    pausedUntil: task.pausedUntil,
    skipDates: task.skipDates.length ? task.skipDates : null,
  };
}

export type ScheduleFields = Pick<
  TaskFormValues,
  'scheduleType' | 'localTime' | 'startDate' | 'timezone' | 'customCron' | 'cronTimezone' | 'dstGap' | 'dstRepeat'
> &
  Partial<Pick<TaskFormValues, 'endDate' | 'pausedUntil' | 'skipDates'>>;

/**
 * The schedule the fields make, or null while they do not make one yet. A simple schedule without a start date
 * starts today in its zone, as the server would have it.
 */
export function storedSchedule(fields: ScheduleFields, now = new Date()): Schedule | null {
  const { scheduleType, timezone, dstGap, dstRepeat } = fields;
  if (!isTimeZone(timezone)) return null;
  const bounds = boundsOf(fields);
  const startDate = fields.startDate && datePattern.test(fields.startDate) ? fields.startDate : undefined;
  if (scheduleType === 'custom') {
    const customCron = fields.customCron?.trim() ?? '';
    const cronTimezone = fields.cronTimezone && isTimeZone(fields.cronTimezone) ? fields.cronTimezone : timezone;
    return isValidCron(customCron) ? { scheduleType, customCron, cronTimezone, startDate, timezone, dstGap, dstRepeat, ...bounds } : null;
  }
  if (!fields.localTime || !timePattern.test(fields.localTime)) return null;
  return {
    scheduleType,
    localTime: fields.localTime,
    startDate: startDate ?? todayIn(timezone, now),
    timezone,
    dstGap,
    dstRepeat,
    ...bounds,
  };
}

/** The bounds the fields give, leaving out any not (yet) well-formed: the preview shows what the save would keep. */
function boundsOf({
  endDate,
  pausedUntil,
  skipDates,
}: Partial<Pick<TaskFormValues, 'endDate' | 'pausedUntil' | 'skipDates'>>): ScheduleBounds {
  return {
    endDate: endDate && datePattern.test(endDate) ? endDate : null,
    pausedUntil: pausedUntil && !Number.isNaN(Date.parse(pausedUntil)) ? pausedUntil : null,
    skipDates: (skipDates ?? []).filter((date) => datePattern.test(date)),
  };
}

/** The next fire times the schedule fields describe, with their DST notes, for the live preview; empty while incomplete. */
export function upcomingRuns(fields: ScheduleFields, now = new Date(), count = 3): Slot[] {
  const schedule = storedSchedule(fields, now);
  return schedule ? upcomingSlots(schedule, { after: now, count, notes: true }) : [];
}

/**
 * What the API receives: the validated form as it is (its time is already local, as the API stores it). Bounds left
 * empty are left out: PUT reads an absent bound as none, and a task without bounds is sent as before them.
 */
export function toTaskInput({ endDate, maxRuns, pausedUntil, skipDates, destinations, ...values }: ParsedTaskInput): TaskInput {
  return {
    ...values,
    // One destination goes as the shorthand alone, as it always has; several, or one with its own rule, as the list,
    // the shorthand its first.
    ...(destinations.length > 1 || destinations.some((destination) => destination.onlyWhen) ? { destinations } : {}),
    ...(endDate ? { endDate } : {}),
    ...(maxRuns ? { maxRuns } : {}),
    ...(pausedUntil ? { pausedUntil } : {}),
    ...(skipDates.length ? { skipDates } : {}),
  };
}
