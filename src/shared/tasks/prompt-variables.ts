import { formatDate, formatTime, wallTimeAt } from '../time/zoned-time';

/**
 * Prompt variables (issue 23, docs/decisions/0050): `{{date}}`, `{{last_result}}`… in a task's prompt are replaced
 * when a run starts; `\{{` writes literal braces. One renderer for the server (what a run sends) and the form (its
 * preview), so the preview is what the next run sends.
 *
 * A reference is `{{`, anything but braces, `}}`; its name is what is inside, spaces trimmed. Scanning goes left to
 * right without overlaps, as migration 0024's regular expressions do, so the migration's escapes read back exactly.
 */

export const promptVariables = [
  { name: 'date', description: 'The date of the run, YYYY-MM-DD, in the task’s time zone' },
  { name: 'time', description: 'The time of the run, HH:MM (24 h), in the task’s time zone' },
  { name: 'weekday', description: 'The day of the week of the run, e.g. Monday' },
  { name: 'task.name', description: 'The task’s name' },
  { name: 'run.scheduled_for', description: 'The run’s slot, ISO 8601 with offset (Run Now: when it started)' },
  { name: 'last_result', description: 'The previous completed run’s result, up to 4,000 characters (empty on the first run)' },
  {
    name: 'last_items',
    description: 'Only new or changed items: the keys of the items delivered so far, newest first, one a line, up to 100',
  },
] as const;

export type PromptVariableName = (typeof promptVariables)[number]['name'];
export type PromptVariableValues = Record<PromptVariableName, string>;

/** `{{last_result}}` is cut here: a long report should not double the next prompt's cost. */
export const lastResultMaxLength = 4_000;

const variableNames: readonly string[] = promptVariables.map((variable) => variable.name);

/** An escape (`\{{`) or a reference (`{{ name }}`), whichever starts first. */
const token = /\\\{\{|\{\{([^{}]*)\}\}/g;

export function unknownVariableMessage(name: string): string {
  return `Unknown variable {{${name}}}. Available: ${variableNames.map((known) => `{{${known}}}`).join(', ')}`;
}

/** The names the prompt refers to that are no variable, in order of appearance, each once. */
export function unknownVariables(prompt: string): string[] {
  const unknown = new Set<string>();
  for (const match of prompt.matchAll(token)) {
    const name = match[1]?.trim();
    if (name !== undefined && !variableNames.includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/**
 * The prompt with its variables replaced and its escapes resolved. An unknown reference (saved before the rule, or
 * never saved) stays as written: the save refuses them, a run does not fail over one.
 */
export function renderPrompt(prompt: string, values: PromptVariableValues): string {
  return prompt.replace(token, (whole, inner: string | undefined) => {
    if (inner === undefined) return '{{';
    const name = inner.trim();
    return variableNames.includes(name) ? values[name as PromptVariableName] : whole;
  });
}

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** `2026-11-25T09:00:00+01:00`: the instant as the task's zone reads it. */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const wall = wallTimeAt(instant, timeZone);
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsetMinutes = Math.round((wallMs - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = formatTime({ hour: Math.floor(Math.abs(offsetMinutes) / 60), minute: Math.abs(offsetMinutes) % 60 });
  return `${formatDate(wall)}T${formatTime(wall)}:${String(wall.second).padStart(2, '0')}${sign}${offset}`;
}

/**
 * The values of a run's variables: `at` is its slot (Run Now: the moment it started), read in the task's zone.
 */
export function promptVariableValues({
  at,
  timeZone,
  taskName,
  lastResult,
  lastItems = null,
}: {
  at: Date;
  timeZone: string;
  taskName: string;
  lastResult: string | null;
  /** The delivered items' keys (ADR 0122); empty for a task without an item rule. */
  lastItems?: string | null;
}): PromptVariableValues {
  const wall = wallTimeAt(at, timeZone);
  const weekday = weekdays[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()] ?? '';
  return {
    date: formatDate(wall),
    time: formatTime(wall),
    weekday,
    'task.name': taskName,
    'run.scheduled_for': isoWithOffset(at, timeZone),
    last_result: (lastResult ?? '').slice(0, lastResultMaxLength),
    last_items: (lastItems ?? '').slice(0, lastResultMaxLength),
  };
}
