import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { seedUser } from '#test/seed';
import { promptVariableValues, renderPrompt, unknownVariables } from '#shared/tasks/prompt-variables';
import { migrateDatabase } from '../migrate';
import { taskRuns, tasks } from './schema';

/**
 * Migration 0024 on a database as it was before it: every prompt containing `{{` that names no known variable must
 * send, through the new renderer, exactly what it sent before.
 */
const migration = '0024_prompt_variables_and_budgets';
const database = useDatabaseBefore(migration);

const before = [
  'Plain prompt without braces.',
  'Reply as JSON like {{"title": "...", "items": []}} please.',
  'Handlebars {{name}} and {{ user.email }} left as text.',
  'Three {{{triple}}} and four {{{{quad}}}} braces.',
  'An unclosed {{ brace and a lone }} one.',
  'Backslashes: \\{{already}} and \\\\{{double}} and \\ alone.',
  'Multi-line {{\nvalue\n}} reference.',
  'Nested {{outer {{inner}} outer}} braces.',
];

describe('migration 0024', () => {
  it('escapes braces so every existing prompt sends what it sent before, and known variables start to work', async () => {
    const connection = database();
    const { db } = connection;
    const owner = await seedUser(db);
    // Plain SQL: the schema of today has columns this database does not have yet.
    const seedTask = async (input: string) => {
      const prompt = JSON.stringify({ input, temperature: 1, searchEnabled: false });
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into tasks (user_id, name, provider, model, schedule_type, timezone, custom_cron, prompt, delivery_method, delivery_config, webhook_secret)
        values (${owner.id}, 'Before 0024', 'openai', 'gpt-5-nano', 'custom', 'UTC', '0 9 * * *', ${prompt}::jsonb, 'email', '{"email":"a@example.com"}', 'whsec_x')
        returning id`);
      return { id: rows[0]?.id ?? '' };
    };
    const seeded: { id: string }[] = [];
    for (const input of before) seeded.push(await seedTask(input));
    const known = await seedTask('News of {{date}} and {{ weekday }}, not {{day}}.');
    // A run that kept its task's prompt (migration 0013) is escaped the same way.
    const first = seeded[1];
    if (!first) throw new Error('no task');
    const snapshot = JSON.stringify({
      name: 'Snapshot',
      prompt: { input: 'Old {{json}} prompt.', temperature: 1, searchEnabled: false },
      deliveryMethod: 'email',
      deliveryConfig: { email: 'a@example.com' },
    });
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into task_runs (task_id, user_id, status, trigger, provider, model, task_snapshot)
      values (${first.id}, ${owner.id}, 'processing', 'manual', 'openai', 'gpt-5-nano', ${snapshot}::jsonb) returning id`);
    const run = { id: rows[0]?.id ?? '' };

    await migrateDatabase({ pool: connection.pool, logger: testLogger });

    const values = promptVariableValues({ at: new Date('2026-07-06T09:00:00Z'), timeZone: 'UTC', taskName: 'x', lastResult: 'Earlier.' });
    const after = await db
      .select({ id: tasks.id, prompt: tasks.prompt })
      .from(tasks)
      .where(eq(tasks.userId, owner.id))
      .orderBy(asc(tasks.createdAt));
    for (const [index, input] of before.entries()) {
      const migrated = after.find((task) => task.id === seeded[index]?.id)?.prompt.input ?? '';
      expect(renderPrompt(migrated, values), migrated).toBe(input);
      // And it can be saved again as it is: nothing in it reads as an unknown variable.
      expect(unknownVariables(migrated)).toEqual([]);
    }
    expect(after.find((task) => task.id === first.id)?.prompt.input).toBe('Reply as JSON like \\{{"title": "...", "items": []}} please.');
    const knownAfter = after.find((task) => task.id === known.id)?.prompt.input ?? '';
    expect(knownAfter).toBe('News of {{date}} and {{ weekday }}, not \\{{day}}.');
    expect(renderPrompt(knownAfter, values)).toBe('News of 2026-07-06 and Monday, not {{day}}.');

    const [kept] = await db.select({ snapshot: taskRuns.taskSnapshot }).from(taskRuns).where(eq(taskRuns.id, run.id));
    expect(kept?.snapshot?.prompt.input).toBe('Old \\{{json}} prompt.');
  });
});
