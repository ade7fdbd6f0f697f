import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '#test/database-before-migration';
import { testLogger } from '#test/database';
import { taskRow } from '#test/builders';
import { seedUser } from '#test/seed';
import { migrateDatabase } from '../migrate';
import { tasks } from './schema';

/**
 * Migration 0046 (ADR 0142) on a database as it was before it: each sender's addresses move to their personal
 * workspace, and the confirmed and unsubscribed ones are copied into each team where that sender's tasks mail them, so
 * nobody is asked again and nobody who said no hears from the team.
 */
const database = useDatabaseBefore('0046_workspace_delivery_addresses');

describe('migration 0046', () => {
  it('keys each address by its sender’s personal workspace and carries the answered ones into their teams', async () => {
    const { db, pool } = database();
    const ada = await seedUser(db, { name: 'Ada' });
    const bob = await seedUser(db, { name: 'Bob' });
    // Raw SQL: a whole row would name the columns later migrations add (0047's budget).
    const workspace = async (name: string, slug: string) =>
      (await db.execute<{ id: string }>(sql`insert into workspaces (name, slug) values (${name}, ${slug}) returning id`)).rows[0];
    const team = await workspace('Team', 'team-0046');
    const elsewhere = await workspace('Elsewhere', 'elsewhere-0046');
    if (!team || !elsewhere) throw new Error('no workspace');
    const address = (userId: string, email: string, status: string) =>
      db.execute(sql`insert into delivery_addresses (user_id, email, status, confirmed_at, unsubscribed_at)
        values (${userId}, ${email}, ${status}, ${status === 'confirmed' ? sql`now()` : null}, ${status === 'unsubscribed' ? sql`now()` : null})`);
    await address(ada.id, 'client@example.com', 'confirmed');
    await address(ada.id, 'refuser@example.com', 'unsubscribed');
    await address(ada.id, 'waiting@example.com', 'pending');
    await address(ada.id, 'unused@example.com', 'confirmed');
    await address(ada.id, 'disputed@example.com', 'confirmed');
    await address(bob.id, 'disputed@example.com', 'unsubscribed');
    const email = (to: string) => ({ id: `dst_${to.slice(0, 6)}`, method: 'email' as const, config: { email: to }, onlyWhen: null });
    const hook = { id: 'dst_hook', method: 'webhook' as const, config: { webhookUrl: 'https://hooks.example.com/a' }, onlyWhen: null };
    await db.insert(tasks).values([
      // The list of destinations, the address in another case; and a task saved before lists, with an empty one.
      taskRow(ada.id, { workspaceId: team.id, destinations: [hook, email('Client@Example.com')] }),
      taskRow(ada.id, { workspaceId: team.id, deliveryConfig: { email: 'refuser@example.com' }, destinations: [] }),
      taskRow(ada.id, { workspaceId: team.id, destinations: [email('waiting@example.com'), email('disputed@example.com')] }),
      taskRow(bob.id, { workspaceId: team.id, destinations: [email('disputed@example.com'), email('unused@example.com')] }),
      // Bob's task in a team where Ada has none: Ada's answers do not reach it.
      taskRow(bob.id, { workspaceId: elsewhere.id, destinations: [email('client@example.com')] }),
    ]);

    await migrateDatabase({ pool, logger: testLogger });

    const { rows } = await db.execute<{ workspace_id: string; email: string; status: string; requested_by: string }>(sql`
      select workspace_id, email, status, requested_by from delivery_addresses order by email, status`);
    const personal = async (userId: string) =>
      (await db.execute<{ id: string }>(sql`select id from workspaces where personal_user_id = ${userId}`)).rows[0]?.id;
    const adaPersonal = await personal(ada.id);
    const bobPersonal = await personal(bob.id);
    expect(rows).toHaveLength(9);
    expect(rows).toEqual(
      expect.arrayContaining([
        { workspace_id: adaPersonal, email: 'client@example.com', status: 'confirmed', requested_by: ada.id },
        { workspace_id: adaPersonal, email: 'refuser@example.com', status: 'unsubscribed', requested_by: ada.id },
        { workspace_id: adaPersonal, email: 'waiting@example.com', status: 'pending', requested_by: ada.id },
        { workspace_id: adaPersonal, email: 'unused@example.com', status: 'confirmed', requested_by: ada.id },
        { workspace_id: adaPersonal, email: 'disputed@example.com', status: 'confirmed', requested_by: ada.id },
        { workspace_id: bobPersonal, email: 'disputed@example.com', status: 'unsubscribed', requested_by: bob.id },
        { workspace_id: team.id, email: 'client@example.com', status: 'confirmed', requested_by: ada.id },
        { workspace_id: team.id, email: 'refuser@example.com', status: 'unsubscribed', requested_by: ada.id },
        // Two senders of one team disagreeing: the one who said no wins.
        { workspace_id: team.id, email: 'disputed@example.com', status: 'unsubscribed', requested_by: bob.id },
      ]),
    );
  });
});
