import { randomUUID } from 'node:crypto';
import type { Database } from '../src/server/db/client';
import { tasks, user } from '../src/server/db/schema';

/** Rows written straight to the database, for tests that exercise what happens after the API (the engine). */

export async function seedUser(db: Database, overrides: Partial<typeof user.$inferInsert> = {}) {
  const id = randomUUID();
  const [row] = await db
    .insert(user)
    .values({ id, name: 'Seeded User', fullName: 'Seeded User', email: `user-${id}@example.com`, hasSetPassword: true, ...overrides })
    .returning();
  if (!row) throw new Error('seedUser inserted nothing');
  return row;
}

export async function seedTask(db: Database, userId: string, overrides: Partial<typeof tasks.$inferInsert> = {}) {
  const [row] = await db
    .insert(tasks)
    .values({
      userId,
      name: 'Seeded task',
      provider: 'openai',
      model: 'gpt-4.1-mini',
      scheduleType: 'hourly',
      scheduleTime: '09:00',
      startDate: '2026-01-01',
      timezone: 'UTC',
      prompt: { input: 'Say hello to the test suite.', temperature: 1, searchEnabled: false },
      deliveryMethod: 'email',
      deliveryConfig: { email: 'owner@example.com' },
      webhookSecret: 'whsec_dGVzdC1zZWNyZXQtdGhhdC1pcy1sb25nLWVub3VnaA==',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('seedTask inserted nothing');
  return row;
}
