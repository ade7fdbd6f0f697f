// @ts-check
import { isMap, isScalar, isSeq, LineCounter, parseDocument, stringify } from 'yaml';
import { CliError, exitCodes } from './api.js';

/** @typedef {import('../../src/shared/api/openapi-types').components['schemas']['Task']} Task */
/** @typedef {NonNullable<import('../../src/shared/api/openapi-types').operations['createTask']['requestBody']>['content']['application/json']} TaskInput */
/** @typedef {Record<string, unknown>} Declared */

/**
 * The fields a task may declare in a tasks file: the API's task input (ADR 0126). Typed against the API's document,
 * so a field added to the input fails the type check here until the file format decides about it.
 *
 * @type {{ [Field in keyof Required<TaskInput>]: boolean }}
 */
const inputFields = {
  key: true,
  name: true,
  description: true,
  provider: true,
  model: true,
  scheduleType: true,
  localTime: true,
  // Deprecated UTC form: a file states `localTime`.
  scheduleTime: false,
  startDate: true,
  timezone: true,
  customCron: true,
  cronTimezone: true,
  dstGap: true,
  dstRepeat: true,
  endDate: true,
  maxRuns: true,
  pausedUntil: true,
  skipDates: true,
  prompt: true,
  deliveryMethod: true,
  deliveryConfig: true,
  // Several destinations; one is written as the shorthand above.
  destinations: true,
  deliverWhen: true,
  deliveryCondition: true,
  deliveryRules: true,
  budget: true,
  catchUpWindow: true,
  overlap: true,
  fallback: true,
  outputSchema: true,
  itemKey: true,
  watchedFields: true,
};
const fieldNames = Object.entries(inputFields)
  .filter(([, allowed]) => allowed)
  .map(([field]) => field);

/** The fields of the input's objects; `outputSchema` is a JSON Schema of the user's and is not checked here. */
/** @type {Record<string, string[]>} */
const nestedFields = {
  prompt: ['input', 'temperature', 'searchEnabled'],
  deliveryConfig: ['email', 'webhookUrl'],
  fallback: ['provider', 'model'],
  budget: ['unit', 'amount'],
  deliveryRules: ['match', 'rules'],
};

/** Names a secret goes by: a file meant for a repository never holds one. */
const secretName = /secret|password|passwd|token|api[-_]?key|authorization|bearer|credential/i;
/** Values that are secrets whatever their field: signing secrets, Promptcron and provider keys, bearer tokens. */
const secretValue = /^(whsec_|pc_[A-Za-z0-9]{16}|sk-[A-Za-z0-9_-]{16}|sk-ant-|xox[abp]-|Bearer\s)/i;

/**
 * The tasks a tasks file declares, checked before anything is sent: a `tasks:` list of task inputs, each with a key
 * unique in the file, no field the API does not take, and no secret. A problem names its line.
 *
 * @param {string} text
 * @param {string} fileName
 * @returns {Declared[]}
 */
export function readTasksFile(text, fileName) {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  /** @param {{ range?: [number, number, number?] | null } | null | undefined} node */
  const lineOf = (node) => (node?.range ? lineCounter.linePos(node.range[0]).line : 1);
  /** @type {string[]} */
  const problems = [];
  /**
   * @param {{ range?: [number, number, number?] | null } | null | undefined} node
   * @param {string} message
   */
  const problem = (node, message) => problems.push(`${fileName}:${lineOf(node)}: ${message}`);
  for (const error of document.errors) {
    problems.push(`${fileName}:${lineCounter.linePos(error.pos[0]).line}: ${error.message.split('\n')[0]}`);
  }
  if (problems.length) throw new CliError(exitCodes.usage, problems.join('\n'));

  const root = document.contents;
  if (!isMap(root)) throw new CliError(exitCodes.usage, `${fileName}:1: a tasks file is a map with a "tasks:" list.`);
  for (const pair of root.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    if (name !== 'tasks') problem(/** @type {any} */ (pair.key), `unknown field "${name}": a tasks file has only "tasks:".`);
  }
  const list = root.get('tasks', true);
  if (!isSeq(list)) {
    throw new CliError(exitCodes.usage, [...problems, `${fileName}:${lineOf(root)}: "tasks:" must be a list of tasks.`].join('\n'));
  }
  /** @type {Map<string, number>} */
  const keys = new Map();
  /** @type {Declared[]} */
  const declared = [];
  for (const item of list.items) {
    if (!isMap(item)) {
      problem(/** @type {any} */ (item), 'each task is a map of its fields.');
      continue;
    }
    checkFields(item, '', problem);
    const task = /** @type {Declared} */ (item.toJSON());
    const keyNode = item.get('key', true);
    if (typeof task.key !== 'string' || !task.key) {
      problem(
        item,
        `every task needs a "key" (1–100 of a–z, 0–9, "-", "_", "."), unique in the file: it is how apply finds the task again.`,
      );
    } else if (keys.has(task.key)) {
      problem(/** @type {any} */ (keyNode), `duplicate key "${task.key}" (first at line ${keys.get(task.key)}).`);
    } else {
      keys.set(task.key, lineOf(/** @type {any} */ (keyNode)));
    }
    declared.push(task);
  }
  if (problems.length) throw new CliError(exitCodes.usage, problems.join('\n'));
  return declared;
}

/**
 * Unknown fields and secrets in a task's map, recursively for the input's objects.
 *
 * @param {import('yaml').YAMLMap} map
 * @param {string} path
 * @param {(node: any, message: string) => void} problem
 */
function checkFields(map, path, problem) {
  const allowed = path ? nestedFields[path.split('.')[0] ?? ''] : fieldNames;
  for (const pair of map.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    const field = path ? `${path}.${name}` : name;
    if (secretName.test(name)) {
      problem(
        pair.key,
        `"${field}" is a secret: a tasks file is kept in a repository and never holds one. Promptcron makes each webhook's signing secret itself; read it with "promptcron tasks get".`,
      );
      continue;
    }
    if (allowed && !allowed.includes(name)) {
      const hint = name === 'scheduleTime' ? ' Use "localTime", the time in the task\'s zone.' : '';
      problem(pair.key, `unknown field "${field}".${hint} Known fields: ${allowed.join(', ')}.`);
      continue;
    }
    if (isMap(pair.value) && !path && nestedFields[name]) checkFields(pair.value, field, problem);
    else if (isSeq(pair.value) && !path && name === 'destinations') checkDestinations(pair.value, problem);
    else checkValues(pair.value, field, problem);
  }
}

/** What a destination of a list may state; its id is the server's, but a file may name it. */
const destinationFields = ['method', 'config', 'onlyWhen'];

/**
 * Each destination of a list: its method, config and own only-when rule (ADR 0132), checked like the shorthand and
 * the task's deliveryRules.
 *
 * @param {import('yaml').YAMLSeq} list
 * @param {(node: any, message: string) => void} problem
 */
function checkDestinations(list, problem) {
  list.items.forEach((item, index) => {
    if (!isMap(item)) return problem(item, `"destinations[${index}]" is a map with "method" and "config".`);
    for (const pair of item.items) {
      const name = isScalar(pair.key) ? String(pair.key.value) : '';
      const field = `destinations[${index}].${name}`;
      if (name === 'config' && isMap(pair.value)) checkFields(pair.value, 'deliveryConfig', problem);
      else if (name === 'onlyWhen' && isMap(pair.value)) checkRules(pair.value, field, problem);
      else if (destinationFields.includes(name) || name === 'id') checkValues(pair.value, field, problem);
      else problem(pair.key, `unknown field "${field}". Known fields: ${destinationFields.join(', ')}.`);
    }
  });
}

/**
 * A destination's only-when rule: the fields deliveryRules has, and no secret among its values.
 *
 * @param {import('yaml').YAMLMap} map
 * @param {string} path
 * @param {(node: any, message: string) => void} problem
 */
function checkRules(map, path, problem) {
  const allowed = nestedFields.deliveryRules ?? [];
  for (const pair of map.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : '';
    if (allowed.includes(name)) checkValues(pair.value, `${path}.${name}`, problem);
    else problem(pair.key, `unknown field "${path}.${name}". Known fields: ${allowed.join(', ')}.`);
  }
}

/**
 * Secrets among a field's values: a key's or signing secret's shape, or a URL carrying a password.
 *
 * @param {unknown} node
 * @param {string} field
 * @param {(node: any, message: string) => void} problem
 */
function checkValues(node, field, problem) {
  if (isScalar(node) && typeof node.value === 'string') {
    const value = node.value;
    let password = '';
    try {
      password = /^https?:\/\//i.test(value) ? new URL(value).password : '';
    } catch {
      // Not a URL after all: the API says what is wrong with it.
    }
    if (secretValue.test(value.trim()) || password) {
      problem(
        node,
        `"${field}" holds a secret (${password ? 'a password in the URL' : 'a key or token'}): a tasks file is kept in a repository and never holds one.`,
      );
    }
  } else if (isMap(node)) {
    for (const pair of node.items) checkValues(pair.value, field, problem);
  } else if (isSeq(node)) {
    for (const item of node.items) checkValues(item, field, problem);
  }
}

/** What a field is when a task leaves it out. */
const defaults = { dstGap: 'shift', dstRepeat: 'first', deliverWhen: 'always', catchUpWindow: 3600, overlap: 'skip' };

/**
 * A task input in the shortest form that states it: defaults, empty values and what the chosen schedule, delivery
 * and rule do not use left out, the prompt as text when it has only its input. The form `export` writes and `apply`
 * compares, so a file and the task it made compare equal however either spells it.
 *
 * @param {Declared} input
 * @returns {Declared}
 */
export function fileForm(input) {
  /** @type {Declared} */
  const form = {};
  const custom = input.scheduleType === 'custom';
  // One destination is stated as the shorthand, several (or one with its own rule, which the shorthand cannot carry)
  // as the list; ids are the server's and left out.
  const listed = Array.isArray(input.destinations) && input.destinations.length ? input.destinations.map(destinationForm) : null;
  const several = listed !== null && (listed.length > 1 || listed.some((destination) => destination.onlyWhen));
  const deliverWhen = input.deliverWhen ?? 'always';
  for (const field of fieldNames) {
    let value = input[field];
    if (field === 'destinations') value = several ? listed : null;
    if ((field === 'deliveryMethod' || field === 'deliveryConfig') && several) continue;
    if (field === 'deliveryMethod' && listed) value = listed[0]?.method;
    if (field === 'deliveryConfig' && listed) value = listed[0]?.config;
    if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) continue;
    if (typeof value === 'string' && field !== 'prompt') value = value.trim();
    if (field in defaults && value === defaults[/** @type {keyof typeof defaults} */ (field)]) continue;
    if (custom ? field === 'localTime' : field === 'customCron' || field === 'cronTimezone') continue;
    if (field === 'cronTimezone' && value === input.timezone) continue;
    if (field === 'deliveryCondition' && deliverWhen !== 'condition') continue;
    if (field === 'deliveryRules' && deliverWhen !== 'rules') continue;
    if (field === 'itemKey' && deliverWhen !== 'new_items' && deliverWhen !== 'changed_items') continue;
    if (field === 'watchedFields' && deliverWhen !== 'changed_items') continue;
    if (field === 'skipDates' && Array.isArray(value)) value = [...new Set(value)].sort();
    if (field === 'prompt') value = promptForm(value);
    if (field === 'deliveryConfig' && value && typeof value === 'object' && !listed) {
      value = destinationForm({ method: input.deliveryMethod, config: value }).config;
    }
    form[field] = value;
  }
  return form;
}

/**
 * A destination as a file states it: its method, the one setting that method uses, and its own rule when it has one
 * ("all" rules met unless it says "any").
 *
 * @param {unknown} destination
 * @returns {{ method?: string, config: { email?: string, webhookUrl?: string }, onlyWhen?: { match?: string, rules?: unknown[] } }}
 */
function destinationForm(destination) {
  const { method, config, onlyWhen } =
    /** @type {{ method?: string, config?: { email?: string, webhookUrl?: string }, onlyWhen?: { match?: string, rules?: unknown[] } | null }} */ (
      destination ?? {}
    );
  const form = { method, config: method === 'email' ? { email: config?.email } : { webhookUrl: config?.webhookUrl } };
  if (!onlyWhen) return form;
  return { ...form, onlyWhen: onlyWhen.match && onlyWhen.match !== 'all' ? onlyWhen : { rules: onlyWhen.rules } };
}

/** @param {unknown} prompt */
function promptForm(prompt) {
  if (typeof prompt === 'string') return prompt.trim();
  const { input, temperature, searchEnabled } = /** @type {{ input?: string, temperature?: number, searchEnabled?: boolean }} */ (
    prompt ?? {}
  );
  const extra = { ...(temperature !== undefined && temperature !== 1 ? { temperature } : {}), ...(searchEnabled ? { searchEnabled } : {}) };
  return Object.keys(extra).length ? { input: input?.trim(), ...extra } : input?.trim();
}

/**
 * The input a task was saved with, read back from the API's answer.
 *
 * @param {Task} task
 * @returns {Declared}
 */
export function inputOf(task) {
  const { id: _id, userId: _user, status: _status, scheduleTime: _utc, webhookSecret: _secret, ...rest } = task;
  return fileForm(/** @type {Declared} */ (rest));
}

/**
 * The fields in which a declared task differs from the saved one, each as `field: old → new`. A start date the file
 * leaves out is the one the server chose, not a change.
 *
 * @param {Declared} declared
 * @param {Task} task
 * @returns {string[]}
 */
export function changesOf(declared, task) {
  const wanted = fileForm(declared);
  const saved = inputOf(task);
  if (wanted.startDate === undefined) delete saved.startDate;
  return fieldNames
    .filter((field) => field in saved || field in wanted)
    .filter((field) => stable(saved[field]) !== stable(wanted[field]))
    .map((field) => `${field}: ${shown(saved[field])} → ${shown(wanted[field])}`);
}

/**
 * The body `PUT` saves a declared task with: what the file says, and the start date the server chose when it says
 * none (a weekly or monthly schedule counts from it).
 *
 * @param {Declared} declared
 * @param {Task | undefined} task
 */
export function bodyOf(declared, task) {
  const body = { ...declared };
  if (task && body.startDate === undefined && task.startDate) body.startDate = task.startDate;
  return /** @type {TaskInput} */ (body);
}

/** @param {unknown} value */
function stable(value) {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** @param {unknown} value */
function shown(value) {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/**
 * The tasks file `export` writes: the keyed tasks, oldest first, each in its shortest form.
 *
 * @param {Task[]} tasks
 */
export function tasksFileOf(tasks) {
  const header = '# Promptcron tasks as code: `promptcron apply -f promptcron.yaml` creates or updates each task by its key.\n';
  return header + stringify({ tasks: tasks.map(inputOf) }, { lineWidth: 0 });
}
