import { Cron } from 'croner';
import { z } from 'zod';
import { budgetUnits, monthlyBudgetSchema } from '../budgets/monthly-budget.schema';
import { lastRunSchema } from '../runs/run.schema';
import { multiLineText, singleLineText } from '../text/safe-text';
import { isTimeZone, todayIn } from '../time/zoned-time';
import { findModel, providerIds, supportsStructuredOutput } from './catalog';
import { checkItemRule, isItemRule, itemRuleMessages, watchedFieldLimits } from './item-rules';
import { deliveryMethods, type DeliveryMethod } from './delivery-methods';
import { destinationIdPattern, destinationKey, destinationLimits, destinationMessages } from './destinations';
import {
  checkDeliveryRules,
  checkRulesAgainst,
  deliveryRuleMatches,
  deliveryRuleOperators,
  deliveryRulesSchema,
  type DeliveryRules,
} from './delivery-rules';
import { outputSchemaMessages, outputSchemaProblems, strictOutputSchema } from './output-schema';
import { unknownVariableMessage, unknownVariables } from './prompt-variables';
import { dstGapPolicies, dstRepeatPolicies, nextFireTime, toLocalScheduleTime } from './schedule';

/**
 * The task input (spec sections 3 and 5), one schema for the form and the API. Both send a simple schedule's time as
 * `localTime` in the task's zone (ADR 0116); the API still reads the deprecated UTC `scheduleTime` of older clients.
 */

export const scheduleTypes = ['hourly', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type ScheduleType = (typeof scheduleTypes)[number];

export { deliveryMethods, type DeliveryMethod } from './delivery-methods';

/** The methods that POST to a URL in `deliveryConfig.webhookUrl`: a signed webhook, or a Slack or Discord channel. */
export const urlDeliveryMethods = ['webhook', 'slack', 'discord'] as const satisfies readonly DeliveryMethod[];

export function deliversToUrl(method: unknown): method is (typeof urlDeliveryMethods)[number] {
  return (urlDeliveryMethods as readonly unknown[]).includes(method);
}

/**
 * The hosts Slack and Discord take incoming webhooks on; the server refuses others (core/tasks/task-values.ts) unless
 * ALLOW_PRIVATE_WEBHOOKS lets tests post to local receivers.
 */
export function isChatWebhookUrl(method: 'slack' | 'discord', url: string): boolean {
  try {
    const { protocol, hostname, pathname, port, username, password } = new URL(url);
    // Their own port and no credentials: anything else on those hosts is not their webhook service.
    if (protocol !== 'https:' || port !== '' || username !== '' || password !== '') return false;
    if (method === 'slack') return hostname === 'hooks.slack.com' && pathname.length > 1;
    return (hostname === 'discord.com' || hostname === 'discordapp.com') && pathname.startsWith('/api/webhooks/');
  } catch {
    return false;
  }
}

/**
 * Deliver only what matters (issue 19): every completed run, only a result that differs from the last delivered one
 * (whitespace trimmed), or only when the model answers the task's yes/no question about the result with yes; for a
 * list, only its new or changed items (ADR 0122). Failed runs still reach webhooks as `task.run.failed`. Or, for a
 * structured result, only when rules on its fields are met (ADR 0123), which cost no tokens.
 */
export const deliverWhenOptions = ['always', 'changed', 'condition', 'new_items', 'changed_items', 'rules'] as const;
export type DeliverWhen = (typeof deliverWhenOptions)[number];

export const deliveryConditionMaxLength = 500;

export const taskStatuses = ['active', 'paused', 'error', 'finished'] as const;

/** Where a task was made (ADR 0124): the app (a session), the REST API with a key, or the MCP server. */
export const taskOrigins = ['app', 'api', 'mcp'] as const;
export type TaskOrigin = (typeof taskOrigins)[number];
export type TaskStatus = (typeof taskStatuses)[number];

/**
 * How old the latest missed slot may be and still run after an outage, in seconds (ADR 0117): up to 7 days, 1 hour
 * unless told.
 */
export const catchUpWindowSeconds = { min: 0, max: 604_800, default: 3_600 } as const;

/**
 * A slot that comes while the previous on-time run is still processing: recorded as skipped, or kept waiting (one at
 * most) and started as soon as that run ends (ADR 0117).
 */
export const overlapPolicies = ['skip', 'buffer_one'] as const;
export type OverlapPolicy = (typeof overlapPolicies)[number];
/** Why a task is `finished` (ADR 0118): no slot left before its end date, or its `maxRuns` scheduled runs made. */
export const finishedReasons = ['end_date', 'max_runs'] as const;
export type FinishedReason = (typeof finishedReasons)[number];

/** The bounds' limits (ADR 0118). */
export const boundLimits = { maxRuns: 100_000, skipDates: 366, pauseMs: 366 * 86_400_000 } as const;

export const temperatureRange = { min: 0, max: 2, step: 0.1, default: 1 } as const;

export const taskMessages = {
  name: 'Task name must be at least 2 characters.',
  model: 'Please select a model.',
  provider: 'Please select a provider.',
  scheduleType: 'Please select a schedule type.',
  deliveryMethod: 'Please select a delivery method.',
  promptInput: 'Prompt input must be at least 10 characters.',
  email: 'Email is required for email delivery',
  webhookUrl: 'Webhook URL is required for webhook delivery',
  slackUrl: 'Please enter a Slack incoming webhook URL (https://hooks.slack.com/...).',
  discordUrl: 'Please enter a Discord webhook URL (https://discord.com/api/webhooks/...).',
  delivery: 'Please provide valid delivery details.',
  cron: 'Please enter a valid cron expression: five fields (minute hour day month weekday) or a macro such as @daily.',
  cronSeconds: 'Please use five fields (minute hour day month weekday): seconds and years are not supported.',
  cronSpecial: 'L, W, # and ? are not supported: please use plain values, ranges, lists and steps.',
  cronTooLong: 'A cron expression must be at most 200 characters.',
  scheduleTimeDisagrees: 'scheduleTime (UTC) and localTime name different times: send localTime only.',
  time: 'Please enter a time as HH:MM.',
  startDate: 'Please enter a start date.',
  timezone: 'Please select a valid time zone.',
  temperature: 'Temperature must be between 0 and 2.',
  emailTooLong: 'Email address must be at most 254 characters.',
  webhookUrlTooLong: 'Webhook URL must be at most 2,048 characters.',
  neverFires: 'This schedule never fires.',
  dstGap: 'Please choose what happens when the time does not exist (shift or skip).',
  dstRepeat: 'Please choose what happens when the time happens twice (first or both).',
  deliverWhen: 'Please choose when to deliver.',
  deliveryCondition: 'Please enter a yes/no question about the result.',
  deliveryConditionTooLong: 'The question must be at most 500 characters.',
  catchUpWindow: 'The catch-up window must be a whole number of seconds from 0 to 604,800 (7 days).',
  overlap: 'Please choose what happens when a run is still going.',
  endDate: 'Please enter an end date on or after the start date.',
  endsBeforeFirstRun: 'The schedule has no run on or before this end date.',
  maxRuns: 'Please enter a number of runs from 1 to 100,000.',
  pausedUntil: 'Please give a date and time at most 1 year ahead to pause until.',
  skipDates: 'Please give at most 366 skip dates, each as YYYY-MM-DD.',
  fallbackModel: 'Please select a fallback model.',
  fallbackSameAsModel: 'The fallback model must differ from the task’s model: choose another, or none.',
  modelWithoutStructuredOutput: 'This model cannot return results as data. Choose another model, or remove the output schema.',
  fallbackWithoutStructuredOutput: 'The fallback model cannot return results as data. Choose another, or none.',
  key: 'A key is 1–100 characters of a–z, 0–9, "-", "_" and ".", starting with a letter or digit.',
} as const;

/** A task's optional key (ADR 0126): unique among its owner's tasks, what a tasks file (`promptcron apply`) matches by. */
export const taskKeyPattern = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** The message of a key another of the owner's tasks has (409 `task_key_taken`). */
export const taskKeyTakenMessage = (key: string) => `You already have a task with the key “${key}”. Keys are unique among your tasks.`;

/** The dates a start date may take: PostgreSQL has no year 0, and a four-digit year is what the form can show. */
export const startDateRange = { min: '0001-01-01', max: '9999-12-31' } as const;

const cronMacros = ['@hourly', '@daily', '@midnight', '@weekly', '@monthly', '@yearly', '@annually'];

/**
 * What is wrong with a cron expression, or undefined: five fields or a macro (ADR 0116). Croner would accept
 * seconds, years and its L/W/#/? extensions; they are refused rather than read in a way other tools do not.
 */
export function cronProblem(expression: string): string | undefined {
  const trimmed = expression.trim();
  if (trimmed.length > 200) return taskMessages.cronTooLong;
  if (cronMacros.includes(trimmed.toLowerCase())) return undefined;
  const fields = trimmed.split(/\s+/);
  if (fields.length > 5) return taskMessages.cronSeconds;
  if (fields.length !== 5) return taskMessages.cron;
  if (/[LW#?]/i.test(trimmed.replace(/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)\b/gi, ''))) {
    return taskMessages.cronSpecial;
  }
  try {
    new Cron(trimmed, { paused: true, timezone: 'UTC' });
    return undefined;
  } catch {
    return taskMessages.cron;
  }
}

export function isValidCron(expression: string): boolean {
  return cronProblem(expression) === undefined;
}

/**
 * The prompt may arrive as an object, as a JSON string of one, or as plain text (spec section 3): a string that is
 * not JSON is the input text.
 */
export function parsePrompt(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // Not JSON: the text itself is the prompt.
  }
  return { input: value };
}

const promptInputLength = { min: 10, max: 20_000 };

export const promptObjectSchema = z.object({
  input: multiLineText()
    .trim()
    .min(10, taskMessages.promptInput)
    .max(20_000, 'Prompt input must be at most 20,000 characters.')
    // Refused at save rather than sent as written: a misspelt {{date}} would otherwise go out unnoticed every run.
    .superRefine((input, context) => {
      const [unknown] = unknownVariables(input);
      if (unknown !== undefined) context.addIssue({ code: 'custom', message: unknownVariableMessage(unknown) });
    }),
  // A number, nothing coerced into one: `""`, `null`, `true` and `[]` are not temperatures. The form converts its
  // text field before validating.
  temperature: z
    .number(taskMessages.temperature)
    .min(temperatureRange.min, taskMessages.temperature)
    .max(temperatureRange.max, taskMessages.temperature)
    // Steps of 0.1: round away binary noise such as 0.30000000000000004.
    .transform((value) => Math.round(value * 10) / 10)
    .default(temperatureRange.default),
  searchEnabled: z.boolean().default(false),
});

/**
 * The prompt as the document describes it: the object, or text (the input, or a JSON string of the object). Validation
 * is the object's alone, after parsePrompt, so every message names the object's field.
 */
const promptInputForms = {
  anyOf: [
    {
      type: 'object',
      properties: {
        input: { type: 'string', minLength: promptInputLength.min, maxLength: promptInputLength.max },
        temperature: { type: 'number', minimum: temperatureRange.min, maximum: temperatureRange.max, default: temperatureRange.default },
        searchEnabled: { type: 'boolean', default: false },
      },
      required: ['input'],
    },
    { type: 'string', description: 'Plain text is the input; a JSON string of the object is read as the object' },
  ],
};

export const promptSchema = z.unknown().meta(promptInputForms).pipe(z.preprocess(parsePrompt, promptObjectSchema));

export const deliveryConfigSchema = z.object(
  {
    email: singleLineText().trim().max(254, taskMessages.emailTooLong).optional(),
    webhookUrl: singleLineText().trim().max(2048, taskMessages.webhookUrlTooLong).optional(),
  },
  { error: taskMessages.delivery },
);

/** One destination of a task's input (ADR 0127): an id is kept when given, else the server makes one. */
export const destinationInputSchema = z.object(
  {
    id: z.string().optional().meta({ description: 'Kept across edits; the server makes one (`dst_…`) when absent' }),
    method: z.enum(deliveryMethods, { error: taskMessages.deliveryMethod }),
    config: deliveryConfigSchema,
    onlyWhen: deliveryRulesSchema
      .nullable()
      .optional()
      .meta({ description: 'This destination’s own rules on the result’s fields, met besides the task’s `deliverWhen`; null: none' }),
  },
  { error: taskMessages.delivery },
);

const isoDate = (message: string) =>
  z.iso.date(message).refine((date) => date >= startDateRange.min && date <= startDateRange.max, message);

/** A schedule's bounds (ADR 0118): all optional, null meaning none. */
const boundFields = {
  endDate: isoDate(taskMessages.endDate)
    .nullable()
    .optional()
    .meta({ description: 'YYYY-MM-DD in the schedule’s zone, not before `startDate`: nothing fires after it' }),
  maxRuns: z
    .number(taskMessages.maxRuns)
    .int(taskMessages.maxRuns)
    .min(1, taskMessages.maxRuns)
    .max(boundLimits.maxRuns, taskMessages.maxRuns)
    .nullable()
    .optional()
    .meta({ description: 'The task finishes after this many scheduled runs (1–100,000)' }),
  pausedUntil: z.iso
    .datetime({ offset: true, error: taskMessages.pausedUntil })
    .refine((instant) => Date.parse(instant) <= Date.now() + boundLimits.pauseMs, taskMessages.pausedUntil)
    .transform((instant) => new Date(instant).toISOString())
    .nullable()
    .optional()
    .meta({ description: 'ISO instant at most 1 year ahead: nothing fires before it; the task stays active and resumes by itself' }),
  skipDates: z
    .array(isoDate(taskMessages.skipDates), { error: taskMessages.skipDates })
    .refine((dates) => new Set(dates).size <= boundLimits.skipDates, taskMessages.skipDates)
    .nullable()
    .optional()
    .meta({ description: 'Up to 366 YYYY-MM-DD dates in the schedule’s zone on which nothing fires' }),
};

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });

/**
 * The model tried once when the task's own fails with a server error, a 429 or a timeout (ADR 0121). Null or absent:
 * none.
 */
export const fallbackModelSchema = z
  .object(
    {
      provider: requiredChoice(providerIds, taskMessages.provider),
      model: singleLineText({ error: taskMessages.fallbackModel }).min(1, taskMessages.fallbackModel).max(100, taskMessages.fallbackModel),
    },
    { error: taskMessages.fallbackModel },
  )
  .meta({ description: 'Tried once when the task’s model fails with a server error, a 429 or a timeout; null: none' });

export type FallbackModel = { provider: string; model: string };

export const taskInputSchema = z
  .object({
    name: singleLineText().trim().min(2, taskMessages.name).max(120, 'Task name must be at most 120 characters.'),
    description: multiLineText().trim().max(1000, 'Description must be at most 1,000 characters.').optional(),
    key: z.string(taskMessages.key).regex(taskKeyPattern, taskMessages.key).nullable().optional().meta({
      description:
        'Unique among your tasks: what a tasks file matches by (1–100 of a–z, 0–9, `-`, `_`, `.`). Absent on PUT: kept as it is; null: removed',
    }),
    provider: requiredChoice(providerIds, taskMessages.provider),
    model: singleLineText({ error: taskMessages.model }).min(1, taskMessages.model).max(100, taskMessages.model),
    scheduleType: requiredChoice(scheduleTypes, taskMessages.scheduleType),
    localTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, taskMessages.time)
      .optional()
      .meta({ description: 'HH:MM on the wall clock of `timezone`: when a simple schedule fires' }),
    scheduleTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, taskMessages.time)
      .optional()
      .meta({
        deprecated: true,
        description: 'Deprecated: `localTime` as UTC on the start date (or today). Both given and different: 400',
      }),
    startDate: z.iso
      .date(taskMessages.startDate)
      .refine((date) => date >= startDateRange.min && date <= startDateRange.max, taskMessages.startDate)
      .optional(),
    timezone: singleLineText().max(100, taskMessages.timezone).refine(isTimeZone, taskMessages.timezone),
    customCron: singleLineText().trim().max(200, taskMessages.cronTooLong).optional(),
    cronTimezone: singleLineText()
      .max(100, taskMessages.timezone)
      .refine(isTimeZone, taskMessages.timezone)
      .optional()
      .meta({ description: 'IANA zone the custom cron is read in; the task’s `timezone` when not given' }),
    dstGap: z
      .enum(dstGapPolicies, { error: taskMessages.dstGap })
      .default('shift')
      .meta({ description: 'A local time that does not exist that day: run at the first instant after it, or skip the day' }),
    dstRepeat: z
      .enum(dstRepeatPolicies, { error: taskMessages.dstRepeat })
      .default('first')
      .meta({ description: 'A local time that happens twice: run at the first, or at both' }),
    ...boundFields,
    prompt: promptSchema,
    // The one-destination shorthand: required unless `destinations` is given, and then the first one (ADR 0127).
    deliveryMethod: requiredChoice(deliveryMethods, taskMessages.deliveryMethod).optional(),
    deliveryConfig: deliveryConfigSchema.optional(),
    destinations: z
      .array(destinationInputSchema, { error: destinationMessages.none })
      .optional()
      .meta({ description: '1–5 places the runs go, any mix of methods; the first is also `deliveryMethod` + `deliveryConfig`' }),
    deliverWhen: requiredChoice(deliverWhenOptions, taskMessages.deliverWhen).default('always'),
    deliveryCondition: multiLineText().trim().max(deliveryConditionMaxLength, taskMessages.deliveryConditionTooLong).optional(),
    deliveryRules: deliveryRulesSchema.nullable().optional(),
    // This task's monthly budget (issue 23); null or absent: none.
    budget: monthlyBudgetSchema.nullable().optional(),
    catchUpWindow: z
      .number(taskMessages.catchUpWindow)
      .int(taskMessages.catchUpWindow)
      .min(catchUpWindowSeconds.min, taskMessages.catchUpWindow)
      .max(catchUpWindowSeconds.max, taskMessages.catchUpWindow)
      .default(catchUpWindowSeconds.default)
      .meta({ description: 'Seconds: after an outage the latest missed slot runs once if it is at most this old' }),
    overlap: requiredChoice(overlapPolicies, taskMessages.overlap)
      .default('skip')
      .meta({ description: 'A slot while the previous run is still processing: `skip` it, or keep one waiting (`buffer_one`)' }),
    fallback: fallbackModelSchema.nullable().optional(),
    outputSchema: z.record(z.string(), z.unknown(), { error: outputSchemaMessages.notAnObject }).nullable().optional().meta({
      description:
        'The fields of a structured result, as a JSON Schema object (ADR 0119); saved in the strict form the providers take. Null or absent: free text',
    }),
    itemKey: singleLineText({ error: itemRuleMessages.itemKey })
      .trim()
      .max(64, itemRuleMessages.itemKey)
      .nullable()
      .optional()
      .meta({ description: 'deliverWhen `new_items`/`changed_items`: the item field that tells items apart, or `*` for the whole item' }),
    watchedFields: z
      .array(singleLineText(), { error: itemRuleMessages.watchedFields })
      .max(watchedFieldLimits.max, itemRuleMessages.watchedFields)
      .nullable()
      .optional()
      .meta({ description: 'deliverWhen `changed_items`: the 1–20 item fields whose change delivers an item again' }),
  })
  // Runs even when other fields already failed, so the form shows every broken rule at once; hence the care with
  // values that may not have their final type yet.
  .superRefine(
    (task, context) => {
      if (typeof task.provider === 'string' && task.model && !findModel(task.provider, task.model)) {
        context.addIssue({ code: 'custom', path: ['model'], message: taskMessages.model });
      }
      checkFallback(task, context);
      checkOutputSchema(task, context);
      checkDeliveryRules(task, context);
      checkSchedule(task, context);
      checkBounds(task, context);
      checkDestinations(task, context);
      checkDestinationRules(task, context);
      checkItemRule(task, context);
      if (task.deliverWhen === 'condition' && !(typeof task.deliveryCondition === 'string' && task.deliveryCondition.trim())) {
        context.addIssue({ code: 'custom', path: ['deliveryCondition'], message: taskMessages.deliveryCondition });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((task) => {
    const supportsSearch = findModel(task.provider, task.model)?.webSearch ?? false;
    const custom = task.scheduleType === 'custom';
    return {
      ...task,
      description: task.description || undefined,
      // One schedule form at a time: a cron replaces the time, and the other way round. Both honour a start date.
      customCron: custom ? task.customCron : undefined,
      cronTimezone: custom ? (task.cronTimezone ?? task.timezone) : undefined,
      localTime: custom ? undefined : localTimeOf(task),
      scheduleTime: undefined,
      // Spec section 4: search switches off for a model without web search.
      prompt: { ...task.prompt, searchEnabled: task.prompt.searchEnabled && supportsSearch },
      ...destinationsOf(task),
      // The question is kept only while it is the rule.
      deliveryCondition: task.deliverWhen === 'condition' ? task.deliveryCondition : undefined,
      deliveryRules: task.deliverWhen === 'rules' ? (task.deliveryRules ?? null) : null,
      budget: task.budget ?? null,
      endDate: task.endDate ?? null,
      maxRuns: task.maxRuns ?? null,
      pausedUntil: task.pausedUntil ?? null,
      skipDates: [...new Set(task.skipDates ?? [])].sort(),
      fallback: task.fallback ?? null,
      outputSchema: task.outputSchema ? strictOutputSchema(task.outputSchema) : null,
      // Kept only while an item rule is theirs (ADR 0122).
      itemKey: isItemRule(task.deliverWhen) ? (task.itemKey ?? null) : null,
      watchedFields: task.deliverWhen === 'changed_items' ? [...new Set(task.watchedFields ?? [])] : [],
    };
  });

/**
 * An output schema within ADR 0119's limits, each problem at its path inside `outputSchema`, and models that can
 * answer in it: the task's own and its fallback. The values may not have their final type yet.
 */
function checkOutputSchema(
  task: { provider?: unknown; model?: unknown; fallback?: unknown; outputSchema?: unknown },
  context: z.RefinementCtx,
): void {
  if (task.outputSchema === null || task.outputSchema === undefined) return;
  if (typeof task.outputSchema !== 'object' || Array.isArray(task.outputSchema)) return;
  for (const problem of outputSchemaProblems(task.outputSchema)) {
    context.addIssue({ code: 'custom', path: ['outputSchema', ...problem.path], message: problem.message });
  }
  const asks = (provider: unknown, model: unknown) =>
    typeof provider === 'string' && typeof model === 'string' && findModel(provider, model) && !supportsStructuredOutput(provider, model);
  if (asks(task.provider, task.model)) {
    context.addIssue({ code: 'custom', path: ['model'], message: taskMessages.modelWithoutStructuredOutput });
  }
  const fallback: { provider?: unknown; model?: unknown } | null =
    typeof task.fallback === 'object' && task.fallback ? task.fallback : null;
  if (fallback && asks(fallback.provider, fallback.model)) {
    context.addIssue({ code: 'custom', path: ['fallback'], message: taskMessages.fallbackWithoutStructuredOutput });
  }
}

/**
 * A fallback names a model of the catalogue other than the task's own (ADR 0121). The values may not have their final
 * type yet (see the caller's superRefine).
 */
function checkFallback(task: { provider?: unknown; model?: unknown; fallback?: unknown }, context: z.RefinementCtx): void {
  const fallback: { provider?: unknown; model?: unknown } | null =
    typeof task.fallback === 'object' && task.fallback ? task.fallback : null;
  if (!fallback || typeof fallback.provider !== 'string' || typeof fallback.model !== 'string' || !fallback.model) return;
  if (!findModel(fallback.provider, fallback.model)) {
    context.addIssue({ code: 'custom', path: ['fallback', 'model'], message: taskMessages.fallbackModel });
  } else if (fallback.provider === task.provider && fallback.model === task.model) {
    context.addIssue({ code: 'custom', path: ['fallback'], message: taskMessages.fallbackSameAsModel });
  }
}

/** The end date is not before the start date; shared with the preview. The values may not have their final type yet. */
export function checkBounds(task: { startDate?: unknown; endDate?: unknown }, context: z.RefinementCtx): void {
  if (typeof task.startDate === 'string' && typeof task.endDate === 'string' && task.endDate < task.startDate) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: taskMessages.endDate });
  }
}

/**
 * A schedule's cross-field rules: a valid cron for a custom one, a time for the others, the deprecated UTC time not
 * contradicting the local one, and a schedule that fires. Shared by a task's input and the schedule preview
 * (schedule-preview.schema.ts); the values may not have their final type yet (see the caller's superRefine).
 */
export function checkSchedule(
  task: {
    scheduleType?: unknown;
    localTime?: string;
    scheduleTime?: string;
    startDate?: string;
    timezone: string;
    customCron?: unknown;
    cronTimezone?: unknown;
  },
  context: z.RefinementCtx,
): void {
  if (task.scheduleType === 'custom') {
    const problem = typeof task.customCron === 'string' ? cronProblem(task.customCron) : taskMessages.cron;
    if (problem) context.addIssue({ code: 'custom', path: ['customCron'], message: problem });
  } else if ((scheduleTypes as readonly unknown[]).includes(task.scheduleType) && !task.localTime && !task.scheduleTime) {
    context.addIssue({ code: 'custom', path: ['localTime'], message: taskMessages.time });
  } else if (isTimeOfDay(task.localTime) && isTimeOfDay(task.scheduleTime) && isTimeZone(task.timezone) && contradicts(task)) {
    context.addIssue({ code: 'custom', path: ['scheduleTime'], message: taskMessages.scheduleTimeDisagrees });
  }
  const never = neverFiringField(task);
  if (never) context.addIssue({ code: 'custom', path: [never], message: taskMessages.neverFires });
}

const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** Both times given, and the UTC one read on the start date names another local time; a broken date is its own error. */
function contradicts(task: { localTime?: string; scheduleTime?: string; startDate?: string; timezone: string }): boolean {
  const startDate = task.startDate && z.iso.date().safeParse(task.startDate).success ? task.startDate : undefined;
  return localTimeOf({ ...task, startDate, localTime: undefined }) !== task.localTime;
}

/**
 * The chosen method's address must be there and well-formed; shared by a task's input and a test message's
 * (test-delivery.schema.ts). The values may not have their final type yet (see the caller's superRefine).
 */
export function checkDeliveryAddress(delivery: { deliveryMethod?: unknown; deliveryConfig?: unknown }, context: z.RefinementCtx): void {
  for (const problem of deliveryAddressProblems(delivery.deliveryMethod, delivery.deliveryConfig)) {
    context.addIssue({ code: 'custom', path: ['deliveryConfig', problem.field], message: problem.message });
  }
}

/** What is wrong with a method's address: the field of the config to blame and why. */
function deliveryAddressProblems(method: unknown, deliveryConfig: unknown): { field: 'email' | 'webhookUrl'; message: string }[] {
  // Without a delivery object at all, "Please provide valid delivery details." says it all.
  const config: { email?: unknown; webhookUrl?: unknown } | undefined =
    typeof deliveryConfig === 'object' && deliveryConfig ? deliveryConfig : undefined;
  if (!config) return [];
  if (method === 'email' && !z.email().safeParse(config.email ?? '').success) return [{ field: 'email', message: taskMessages.email }];
  if (deliversToUrl(method) && !isHttpUrl(typeof config.webhookUrl === 'string' ? config.webhookUrl : '')) {
    const message = method === 'slack' ? taskMessages.slackUrl : method === 'discord' ? taskMessages.discordUrl : taskMessages.webhookUrl;
    return [{ field: 'webhookUrl', message }];
  }
  return [];
}

/**
 * The shorthand alone (a method and its address, as ever), or 1–5 destinations, each well-formed, none twice, and the
 * shorthand, when given too, the same as the first (ADR 0127). The values may not have their final type yet.
 */
function checkDestinations(
  task: { deliveryMethod?: unknown; deliveryConfig?: unknown; destinations?: unknown },
  context: z.RefinementCtx,
): void {
  if (!Array.isArray(task.destinations)) {
    if (task.destinations !== undefined) return; // the array's own type error says it
    if (task.deliveryMethod === undefined)
      context.addIssue({ code: 'custom', path: ['deliveryMethod'], message: taskMessages.deliveryMethod });
    if (task.deliveryConfig === undefined) context.addIssue({ code: 'custom', path: ['deliveryConfig'], message: taskMessages.delivery });
    checkDeliveryAddress(task, context);
    return;
  }
  const list: unknown[] = task.destinations;
  if (list.length === 0) context.addIssue({ code: 'custom', path: ['destinations'], message: destinationMessages.none });
  if (list.length > destinationLimits.max) {
    context.addIssue({
      code: 'custom',
      path: ['destinations', destinationLimits.max],
      message: destinationMessages.tooMany(destinationLimits.max),
    });
  }
  const seen = new Map<string, number>();
  const ids = new Map<string, number>();
  list.forEach((item, index) => {
    if (typeof item !== 'object' || item === null) return;
    const destination: { id?: unknown; method?: unknown; config?: unknown } = item;
    if (destination.id !== undefined) {
      const id = destination.id;
      if (typeof id !== 'string' || !id || id.length > destinationLimits.idMaxLength || !destinationIdPattern.test(id)) {
        context.addIssue({ code: 'custom', path: ['destinations', index, 'id'], message: destinationMessages.id(index) });
      } else if (ids.has(id)) {
        context.addIssue({
          code: 'custom',
          path: ['destinations', index, 'id'],
          message: destinationMessages.duplicateId(index, ids.get(id) ?? 0),
        });
      } else ids.set(id, index);
    }
    const problems = deliveryAddressProblems(destination.method, destination.config);
    for (const problem of problems) {
      context.addIssue({
        code: 'custom',
        path: ['destinations', index, 'config', problem.field],
        message: destinationMessages.at(index, problem.message),
      });
    }
    if (problems.length || !(deliveryMethods as readonly unknown[]).includes(destination.method)) return;
    const key = destinationKey(destination as { method: DeliveryMethod; config: { email?: string; webhookUrl?: string } });
    const first = seen.get(key);
    if (first !== undefined) {
      context.addIssue({ code: 'custom', path: ['destinations', index], message: destinationMessages.duplicate(index, first) });
    } else seen.set(key, index);
  });
  const [first] = list as { method?: unknown; config?: { email?: string; webhookUrl?: string } }[];
  if (task.deliveryMethod === undefined && task.deliveryConfig === undefined) return;
  const config = (typeof task.deliveryConfig === 'object' && task.deliveryConfig) || {};
  const matches =
    first !== undefined &&
    task.deliveryMethod === first.method &&
    (deliveryMethods as readonly unknown[]).includes(first.method) &&
    destinationKey({ method: first.method as DeliveryMethod, config }) ===
      destinationKey({ method: first.method as DeliveryMethod, config: first.config ?? {} });
  if (!matches) context.addIssue({ code: 'custom', path: ['deliveryMethod'], message: destinationMessages.shorthand });
}

/**
 * A destination's own only-when rule (ADR 0132) is checked as deliveryRules is, against the same output schema, each
 * message naming the destination's place. The values may not have their final type yet.
 */
function checkDestinationRules(task: { destinations?: unknown; outputSchema?: unknown }, context: z.RefinementCtx): void {
  if (!Array.isArray(task.destinations)) return;
  (task.destinations as unknown[]).forEach((item, index) => {
    const onlyWhen: unknown = typeof item === 'object' && item !== null ? (item as { onlyWhen?: unknown }).onlyWhen : undefined;
    // Null or absent: none; any other shape has the schema's own message.
    if (typeof onlyWhen !== 'object' || onlyWhen === null || Array.isArray(onlyWhen)) return;
    checkRulesAgainst(task.outputSchema, onlyWhen as Record<string, unknown>, {
      context,
      path: ['destinations', index, 'onlyWhen'],
      say: (message) => destinationMessages.at(index, message),
    });
  });
}

/** A destination as saved: the chosen method's address only, and its id when it has one. */
export type DestinationInput = {
  id?: string;
  method: DeliveryMethod;
  config: { email?: string; webhookUrl?: string };
  onlyWhen?: DeliveryRules | null;
};

/** The destinations a checked input names, and the shorthand (the first) beside them. */
function destinationsOf(task: {
  deliveryMethod?: DeliveryMethod;
  deliveryConfig?: { email?: string; webhookUrl?: string };
  destinations?: DestinationInput[];
}): { deliveryMethod: DeliveryMethod; deliveryConfig: { email?: string; webhookUrl?: string }; destinations: DestinationInput[] } {
  const given = task.destinations ?? [{ method: task.deliveryMethod ?? 'email', config: task.deliveryConfig ?? {} }];
  // Only the chosen method's address is kept.
  const destinations = given.map(({ id, method, config, onlyWhen }) => ({
    ...(id ? { id } : {}),
    method,
    config: method === 'email' ? { email: config.email } : { webhookUrl: config.webhookUrl },
    onlyWhen: onlyWhen ?? null,
  }));
  const [first = { method: 'email' as const, config: {} }] = destinations;
  return { deliveryMethod: first.method, deliveryConfig: first.config, destinations };
}

/**
 * The field to blame when an otherwise valid schedule has no next fire time (`0 0 30 2 *`, or a start date beyond
 * the years the scheduler counts), or undefined. Saving such a task would keep it active but never run it.
 */
function neverFiringField(task: {
  scheduleType?: unknown;
  customCron?: unknown;
  cronTimezone?: unknown;
  localTime?: unknown;
  scheduleTime?: unknown;
  startDate?: unknown;
  timezone?: unknown;
}) {
  if (typeof task.timezone !== 'string' || !isTimeZone(task.timezone)) return undefined;
  const startDate = typeof task.startDate === 'string' ? task.startDate : undefined;
  if (task.startDate !== undefined && !(startDate && z.iso.date().safeParse(startDate).success)) return undefined;
  if (task.scheduleType === 'custom') {
    if (typeof task.customCron !== 'string' || !isValidCron(task.customCron)) return undefined;
    const cronTimezone = typeof task.cronTimezone === 'string' && isTimeZone(task.cronTimezone) ? task.cronTimezone : task.timezone;
    const schedule = {
      scheduleType: 'custom' as const,
      customCron: task.customCron.trim(),
      cronTimezone,
      startDate,
      timezone: task.timezone,
    };
    if (nextFireTime(schedule)) return undefined;
    return startDate && nextFireTime({ ...schedule, startDate: undefined }) ? 'startDate' : 'customCron';
  }
  if (typeof task.scheduleType !== 'string' || !(scheduleTypes as readonly string[]).includes(task.scheduleType)) return undefined;
  const time = /^([01]\d|2[0-3]):[0-5]\d$/;
  const given = { localTime: task.localTime, scheduleTime: task.scheduleTime };
  if (
    !(typeof given.localTime === 'string'
      ? time.test(given.localTime)
      : typeof given.scheduleTime === 'string' && time.test(given.scheduleTime))
  )
    return undefined;
  const localTime = localTimeOf({ ...(given as { localTime?: string; scheduleTime?: string }), startDate, timezone: task.timezone });
  const schedule = { scheduleType: task.scheduleType as ScheduleType, localTime, startDate, timezone: task.timezone };
  return nextFireTime(schedule) ? undefined : startDate ? 'startDate' : 'localTime';
}

/**
 * The task's local time: `localTime`, or the deprecated UTC `scheduleTime` read on the start date (today when none)
 * in the task's zone, as it was written.
 */
export function localTimeOf(task: { localTime?: string; scheduleTime?: string; startDate?: string; timezone: string }): string | undefined {
  if (task.localTime) return task.localTime;
  if (!task.scheduleTime) return undefined;
  return toLocalScheduleTime(task.scheduleTime, task.startDate ?? todayIn(task.timezone), task.timezone);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export type TaskInput = z.input<typeof taskInputSchema>;
export type ParsedTaskInput = z.output<typeof taskInputSchema>;

/**
 * A task as the API returns it (ARCHITECTURE section 8): the server's row mapper is typed against it, the OpenAPI
 * document names it `Task`, the web parses answers with it. Ids are uuids, but any string parses, so the web's
 * fixtures ("task-1") and an id scheme of tomorrow both pass.
 */
export const taskSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    userId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    // The default lets an older server's answer (and a fixture without it) parse.
    key: z.string().nullable().default(null).meta({ description: 'Unique among your tasks, what a tasks file matches by; null: none' }),
    status: z.enum(taskStatuses),
    // Open: a task keeps a provider the catalogue has since dropped, and the form asks for another.
    provider: z.string(),
    model: z.string(),
    scheduleType: z.enum(scheduleTypes),
    localTime: z.string().nullable().meta({ description: 'HH:MM on the wall clock of `timezone`; null for a custom cron' }),
    scheduleTime: z
      .string()
      .nullable()
      .meta({ deprecated: true, description: 'Deprecated: `localTime` as UTC on the start date (or today)' }),
    startDate: z.string().nullable().meta({ description: 'YYYY-MM-DD in the schedule’s zone: nothing fires before it' }),
    timezone: z.string(),
    customCron: z.string().nullable(),
    cronTimezone: z.string().nullable().meta({ description: 'The IANA zone the custom cron is read in; null for a simple schedule' }),
    dstGap: z.enum(dstGapPolicies),
    dstRepeat: z.enum(dstRepeatPolicies),
    endDate: z.string().nullable().meta({ description: 'YYYY-MM-DD in the schedule’s zone: nothing fires after it; null: none' }),
    maxRuns: z.number().int().nullable().meta({ description: 'The task finishes after this many scheduled runs; null: none' }),
    pausedUntil: z
      .string()
      .nullable()
      .meta({ description: 'Nothing fires before this instant; the task resumes by itself. Null: not paused' }),
    skipDates: z.array(z.string()).meta({ description: 'YYYY-MM-DD dates in the schedule’s zone on which nothing fires' }),
    finishedReason: z
      .enum(finishedReasons)
      .nullable()
      .meta({ description: 'Why a `finished` task finished: its end date passed, or it made its `maxRuns` runs' }),
    prompt: z.object({ input: z.string(), temperature: z.number(), searchEnabled: z.boolean() }),
    deliveryMethod: z.enum(deliveryMethods),
    deliveryConfig: z.object({ email: z.string().optional(), webhookUrl: z.string().optional() }),
    destinations: z
      .array(
        z.object({
          id: z.string(),
          method: z.enum(deliveryMethods),
          config: z.object({ email: z.string().optional(), webhookUrl: z.string().optional() }),
          onlyWhen: z
            .object({
              match: z.enum(deliveryRuleMatches),
              rules: z.array(
                z.object({ field: z.string(), op: z.enum(deliveryRuleOperators), value: z.union([z.number(), z.string()]).optional() }),
              ),
            })
            .nullable()
            .meta({ description: 'This destination’s own rules on the result’s fields, besides the task’s; null: none' }),
        }),
      )
      .meta({ description: 'The 1–5 places the runs go (ADR 0127); the first is `deliveryMethod` + `deliveryConfig`' }),
    deliverWhen: z.enum(deliverWhenOptions),
    deliveryCondition: z.string().nullable().meta({ description: 'The yes/no question of deliverWhen "condition"' }),
    deliveryRules: z
      .object({
        match: z.enum(deliveryRuleMatches),
        rules: z.array(
          z.object({ field: z.string(), op: z.enum(deliveryRuleOperators), value: z.union([z.number(), z.string()]).optional() }),
        ),
      })
      .nullable()
      .meta({ description: 'The rules of deliverWhen "rules" on the result’s fields (ADR 0123); null for any other' }),
    budget: z
      .object({ unit: z.enum(budgetUnits), amount: z.number() })
      .nullable()
      .meta({ description: 'The task’s monthly budget; null: none' }),
    catchUpWindow: z
      .number()
      .int()
      .meta({ description: 'Seconds: after an outage the latest missed slot runs once if it is at most this old' }),
    overlap: z.enum(overlapPolicies),
    fallback: z
      .object({ provider: z.string(), model: z.string() })
      .nullable()
      .meta({ description: 'The model tried once when the task’s own fails with a server error, a 429 or a timeout; null: none' }),
    outputSchema: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'The fields of a structured result, in the strict form the providers take (ADR 0119); null: free text' }),
    itemKey: z
      .string()
      .nullable()
      .meta({ description: 'The item field that tells items apart for `new_items`/`changed_items`, `*` the whole item; null otherwise' }),
    watchedFields: z.array(z.string()).meta({ description: 'The item fields `changed_items` watches; empty otherwise' }),
    backfillWaiting: z.number().int().meta({ description: 'Slots of a backfill not yet started' }),
    webhookSecret: z
      .string()
      .nullable()
      .meta({ description: 'Signs the task’s webhook deliveries; null when read with a read-only API key' }),
    nextFireAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    createdVia: z
      .enum(taskOrigins)
      .nullable()
      .meta({ description: 'Where the task was made: `app`, `api` (a key) or `mcp` (an agent); null for tasks made before it was kept' }),
    createdByKey: z.string().nullable().meta({ description: 'The name of the API key that made the task; null when made in the app' }),
    awaitingApproval: z
      .boolean()
      .meta({ description: 'Paused until its owner approves it: made by a key whose tasks need approval (ADR 0125)' }),
    overdueSince: z
      .string()
      .nullable()
      .meta({ description: 'The slot no worker has run, more than a minute past (the watchdog’s finding); null: none' }),
    createdBy: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .default(null)
      .meta({ description: 'The member who created the task; null when their account is gone' }),
    updatedBy: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .default(null)
      .meta({ description: 'The member who last changed the task; null when nobody has, or their account is gone' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Task' });

export type Task = z.infer<typeof taskSchema>;

/** `{ task }`: the answer of creating, reading, updating, pausing and resuming a task. */
export const taskResponseSchema = z.object({ task: taskSchema });

/**
 * A task as the list (`GET /api/tasks`) returns it: with its latest run, read in the list's one query. An intersection
 * rather than `.extend`, so the OpenAPI document refers to `Task` instead of repeating it. The default lets an older
 * server's answer parse.
 */
export const taskListItemSchema = z.intersection(
  taskSchema,
  // The task's latest run; null before its first.
  z.object({ lastRun: lastRunSchema.nullable().default(null) }),
);

export type TaskListItem = z.infer<typeof taskListItemSchema>;

/** `GET /api/tasks`: a page of tasks, the cursor of the next one, and how many match the filter. */
export const taskPageSchema = z.object({
  items: z.array(taskListItemSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int().nonnegative(),
});

export type TaskPage = z.infer<typeof taskPageSchema>;

export const taskListFilters = ['all', 'active', 'paused', 'error', 'finished'] as const;
export type TaskListFilter = (typeof taskListFilters)[number];
