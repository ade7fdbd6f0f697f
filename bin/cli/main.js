// @ts-check
import { readFile } from 'node:fs/promises';
import { Command, CommanderError, Option } from 'commander';
import { answer, clientFromEnv, CliError, exitCodes } from './api.js';

/** @typedef {import('./api.js').Api} Api */
/** @typedef {import('./tasks-file.js').Task} Task */
/** @typedef {import('./tasks-file.js').TaskInput} TaskInput */

/** The tasks file's code and the YAML parser load only for the commands that read or write YAML: the others start faster. */
const tasksFile = () => import('./tasks-file.js');

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `promptcron <tasks|runs|apply|export> …`: the API's client on the command line (ADR 0126). Plain JavaScript with no
 * build and no database, so it answers at once; it talks to the server at PROMPTCRON_URL with the key in
 * PROMPTCRON_KEY. Resolves with the exit code.
 *
 * @param {string[]} args the arguments after `promptcron`
 * @param {{ env?: NodeJS.ProcessEnv, out?: (text: string) => void, err?: (text: string) => void }} [io]
 * @returns {Promise<number>}
 */
export async function runCli(
  args,
  { env = process.env, out = (text) => process.stdout.write(text), err = (text) => process.stderr.write(text) } = {},
) {
  /** @type {Api | undefined} */
  let client;
  const api = () => (client ??= clientFromEnv(env));
  /** @param {unknown} value */
  const json = (value) => out(`${JSON.stringify(value, null, 2)}\n`);
  /** @param {string} line */
  const say = (line) => out(`${line}\n`);

  const program = new Command('promptcron')
    .description(
      'Promptcron on the command line: your tasks and runs, and tasks as code.\nSet PROMPTCRON_URL to your server and PROMPTCRON_KEY to an API key.',
    )
    .addHelpText(
      'after',
      '\nOperator programs (run on the server, with its database): main, user, digest, backup, restore, status-rollup.\nExit codes: 0 ok, 1 API error, 2 usage, 3 auth, 4 not found, 5 conflict or limit.',
    )
    .option('--json', 'print JSON for scripts')
    .configureOutput({ writeOut: out, writeErr: err })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
  const asJson = () => Boolean(program.opts().json);

  /** A task's id, or the id of the task with this key. @param {string} idOrKey */
  async function taskId(idOrKey) {
    if (uuid.test(idOrKey)) return idOrKey;
    const page = await answer(api().GET('/api/tasks', { params: { query: { key: idOrKey, limit: 1 } } }));
    const [task] = page.items;
    if (!task) throw new CliError(exitCodes.notFound, `No task of yours has the id or key “${idOrKey}”.`);
    return task.id;
  }

  /** @param {Task} task */
  const printTask = (task) => (asJson() ? json({ task }) : say(taskLine(task)));

  const tasks = program.command('tasks').description('list, read, create, pause, resume, delete and run your tasks');
  tasks
    .command('list')
    .description('your tasks, newest first')
    .addOption(new Option('--status <status>', 'only tasks in this state').choices(['all', 'active', 'paused', 'error', 'finished']))
    .option('--search <text>', 'only tasks whose name, description or prompt contains this')
    .action(async (/** @type {{ status?: 'all' | 'active' | 'paused' | 'error' | 'finished', search?: string }} */ options) => {
      const items = await allTasks(api(), options);
      if (asJson()) return json({ items });
      if (!items.length) return say('No tasks.');
      for (const task of items) say(taskLine(task));
    });
  tasks
    .command('get <idOrKey>')
    .description('one task, by its id or key')
    .action(async (/** @type {string} */ idOrKey) => {
      const id = await taskId(idOrKey);
      const { task } = await answer(api().GET('/api/tasks/{id}', { params: { path: { id } } }));
      if (asJson()) return json({ task });
      say(taskLine(task));
      say(
        `  schedule: ${task.scheduleType === 'custom' ? `${task.customCron} (${task.cronTimezone})` : `${task.scheduleType} at ${task.localTime} ${task.timezone}`}`,
      );
      say(
        `  model: ${task.provider}/${task.model}; delivers by ${task.deliveryMethod} to ${task.deliveryConfig.email ?? task.deliveryConfig.webhookUrl}`,
      );
      say(`  next run: ${task.nextFireAt ?? 'none'}; last run: ${task.lastRunAt ?? 'none'}`);
    });
  tasks
    .command('create')
    .description('create a task from a JSON or YAML file of its input (the API’s TaskInput)')
    .requiredOption('-f, --file <path>', 'the task’s input, JSON or YAML')
    .action(async (/** @type {{ file: string }} */ { file }) => {
      const { parse } = await import('yaml');
      const input = /** @type {TaskInput} */ (parse(await readText(file)));
      const { task } = await answer(api().POST('/api/tasks', { body: input }));
      printTask(task);
    });
  for (const [verb, description] of /** @type {const} */ ([
    ['pause', 'pause a task: no runs until resumed'],
    ['resume', 'resume a paused or failed task'],
  ])) {
    tasks
      .command(`${verb} <idOrKey>`)
      .description(description)
      .action(async (/** @type {string} */ idOrKey) => {
        const id = await taskId(idOrKey);
        const path = verb === 'pause' ? '/api/tasks/{id}/pause' : '/api/tasks/{id}/resume';
        const { task } = await answer(api().POST(path, { params: { path: { id } } }));
        printTask(task);
      });
  }
  tasks
    .command('delete <idOrKey>')
    .description('delete a task and its history')
    .action(async (/** @type {string} */ idOrKey) => {
      const id = await taskId(idOrKey);
      await answer(api().DELETE('/api/tasks/{id}', { params: { path: { id } } }));
      if (asJson()) json({ deleted: id });
      else say(`Deleted ${id}.`);
    });
  tasks
    .command('run <idOrKey>')
    .description('run a task now and wait for its result (about 20 s at most)')
    .action(async (/** @type {string} */ idOrKey) => {
      const id = await taskId(idOrKey);
      const { run } = await answer(api().POST('/api/tasks/{id}/runs', { params: { path: { id } } }));
      if (asJson()) return json({ run });
      say(runLine(run));
      if (run.result) say(run.result);
      if (run.error) say(`Error: ${run.error}`);
    });

  const runs = program.command('runs').description('list, read and export your runs');
  const runFilters = (/** @type {Command} */ command) =>
    command
      .addOption(new Option('--range <range>', 'when the runs started').choices(['all', '24h', '7d', '30d']).default('all'))
      .option('--search <text>', 'the task name, result or error contains this');
  runFilters(runs.command('list').description('your runs, newest first'))
    .option('--limit <count>', 'at most this many runs (1–100)', '20')
    .action(async (/** @type {{ range: 'all' | '24h' | '7d' | '30d', search?: string, limit: string }} */ options) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        throw new CliError(exitCodes.usage, '--limit must be a whole number from 1 to 100.');
      const page = await answer(api().GET('/api/runs', { params: { query: { range: options.range, q: options.search, limit } } }));
      if (asJson()) return json(page);
      if (!page.items.length) return say('No runs.');
      for (const run of page.items) say(runLine(run));
    });
  runs
    .command('get <id>')
    .description('one run, with its result')
    .action(async (/** @type {string} */ id) => {
      const { run } = await answer(api().GET('/api/runs/{id}', { params: { path: { id } } }));
      if (asJson()) return json({ run });
      say(runLine(run));
      if (run.result) say(run.result);
      if (run.error) say(`Error: ${run.error}`);
    });
  runFilters(runs.command('export').description('every matching run as JSON Lines (one run a line), for a file or another program')).action(
    async (/** @type {{ range: 'all' | '24h' | '7d' | '30d', search?: string }} */ options) => {
      /** @type {string | undefined} */
      let cursor;
      do {
        const page = await answer(
          api().GET('/api/runs', { params: { query: { range: options.range, q: options.search, limit: 100, cursor } } }),
        );
        for (const run of page.items) out(`${JSON.stringify(run)}\n`);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },
  );

  program
    .command('apply')
    .description('create or update the tasks a tasks file declares, matched by their keys')
    .requiredOption('-f, --file <path>', 'the tasks file (promptcron.yaml)')
    .option('--dry-run', 'print what would change, change nothing')
    .option('--prune', 'also delete your keyed tasks the file does not declare (tasks without a key are never touched)')
    .option('--yes', 'confirm what --prune deletes')
    .action(async (/** @type {{ file: string, dryRun?: boolean, prune?: boolean, yes?: boolean }} */ options) => {
      const { bodyOf, readTasksFile } = await tasksFile();
      const declared = readTasksFile(await readText(options.file), options.file);
      const plan = await planApply(api(), declared, Boolean(options.prune));
      const lines = [
        ...plan.creates.map((input) => `+ create ${input.key} (${input.name})`),
        ...plan.updates.flatMap(({ input, changes }) => [`~ update ${input.key}`, ...changes.map((change) => `    ${change}`)]),
        ...plan.deletes.map((task) => `- delete ${task.key} (${task.name})`),
      ];
      const report = {
        created: plan.creates.map((input) => input.key),
        updated: plan.updates.map(({ input }) => input.key),
        deleted: plan.deletes.map((task) => task.key),
        unchanged: plan.unchanged,
      };
      if (options.dryRun || !lines.length) {
        if (asJson()) return json({ dryRun: Boolean(options.dryRun), ...report });
        say(lines.length ? lines.join('\n') : 'No changes.');
        if (lines.length) say(`Dry run: nothing was changed. ${summary(report)}`);
        return;
      }
      if (plan.deletes.length && !options.yes) {
        throw new CliError(
          exitCodes.usage,
          `${lines.join('\n')}\n--prune would delete ${plan.deletes.length} task(s) and their history: add --yes to confirm. Nothing was changed.`,
        );
      }
      for (const input of plan.creates) await answer(api().POST('/api/tasks', { body: bodyOf(input, undefined) }));
      for (const { input, task } of plan.updates)
        await answer(api().PUT('/api/tasks/{id}', { params: { path: { id: task.id } }, body: bodyOf(input, task) }));
      for (const task of plan.deletes) await answer(api().DELETE('/api/tasks/{id}', { params: { path: { id: task.id } } }));
      if (asJson()) return json({ dryRun: false, ...report });
      say(`${lines.join('\n')}\n${summary(report)}`);
    });

  program
    .command('export')
    .description('your keyed tasks as a tasks file: promptcron export > promptcron.yaml')
    .action(async () => {
      const all = await allTasks(api(), {});
      const keyed = all.filter((task) => task.key).reverse();
      const keyless = all.length - keyed.length;
      out((await tasksFile()).tasksFileOf(keyed));
      if (keyless)
        err(`${keyless} task(s) without a key left out: give one a key (PATCH /api/tasks/{id} with {"key": "…"}) to manage it as code.\n`);
    });

  try {
    await program.parseAsync(args, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    if (error instanceof CliError) {
      err(`${error.message}\n`);
      return error.code;
    }
    throw error;
  }
}

/**
 * What `apply` does: the declared tasks to create (no task has their key), to update (one has, and differs) and,
 * with `--prune`, the keyed tasks to delete. Without `--prune` each key is looked up alone (`?key=`), with it the list
 * is read whole.
 *
 * @param {Api} api
 * @param {Record<string, unknown>[]} declared
 * @param {boolean} prune
 */
async function planApply(api, declared, prune) {
  const { changesOf } = await tasksFile();
  /** @type {Map<string, Task>} */
  const byKey = new Map();
  if (prune) {
    for (const task of await allTasks(api, {})) if (task.key) byKey.set(task.key, task);
  } else {
    const found = await Promise.all(
      declared.map((input) => answer(api.GET('/api/tasks', { params: { query: { key: String(input.key), limit: 1 } } }))),
    );
    for (const page of found) for (const task of page.items) if (task.key) byKey.set(task.key, task);
  }
  const plan = {
    /** @type {TaskInput[]} */ creates: [],
    /** @type {{ input: TaskInput, task: Task, changes: string[] }[]} */ updates: [],
    /** @type {Task[]} */ deletes: [],
    unchanged: 0,
  };
  for (const raw of declared) {
    const input = /** @type {TaskInput & { key: string }} */ (raw);
    const task = byKey.get(input.key);
    if (!task) plan.creates.push(input);
    else {
      const changes = changesOf(raw, task);
      if (changes.length) plan.updates.push({ input, task, changes });
      else plan.unchanged++;
    }
  }
  const keys = new Set(declared.map((input) => input.key));
  if (prune) plan.deletes = [...byKey.values()].filter((task) => !keys.has(task.key));
  return plan;
}

/**
 * Every task of the caller's that matches, page by page.
 *
 * @param {Api} api
 * @param {{ status?: 'all' | 'active' | 'paused' | 'error' | 'finished', search?: string }} filter
 */
async function allTasks(api, filter) {
  /** @type {Task[]} */
  const items = [];
  /** @type {string | undefined} */
  let cursor;
  do {
    const page = await answer(api.GET('/api/tasks', { params: { query: { ...filter, limit: 100, cursor } } }));
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

/** @param {string} path */
async function readText(path) {
  try {
    return await readFile(path === '-' ? '/dev/stdin' : path, 'utf8');
  } catch (error) {
    throw new CliError(exitCodes.usage, `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** @param {{ created: unknown[], updated: unknown[], deleted: unknown[], unchanged: number }} report */
function summary(report) {
  return `${report.created.length} to create, ${report.updated.length} to update, ${report.deleted.length} to delete, ${report.unchanged} unchanged.`;
}

/** @param {Task} task */
function taskLine(task) {
  return [task.id, task.key ?? '-', task.status, task.name].join('\t');
}

/** @param {import('../../src/shared/api/openapi-types').components['schemas']['Run']} run */
function runLine(run) {
  return [run.id, run.startedAt, run.status, run.deliveryStatus, run.taskName].join('\t');
}
