import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testLogger, type TestDatabase } from '#test/database';
import { connectDatabases, type DatabaseConnections } from './connections';

/** ADR 0070: one pool as before without DATABASE_DIRECT_URL; with it, no statement named on the pooled one. */

let database: TestDatabase;
const opened: DatabaseConnections[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 1 });
});

afterAll(async () => {
  await Promise.all(opened.map((connections) => connections.end()));
  await database?.drop();
});

function connect(directUrl?: string): DatabaseConnections {
  const connections = connectDatabases({ url: database.url, directUrl, logger: testLogger, max: 1, directMax: 1 });
  opened.push(connections);
  return connections;
}

/** Runs a named statement on the pool's one connection and lists what that connection has prepared. */
async function preparedAfterNamedQuery({ pool }: Pick<DatabaseConnections, 'pool'>): Promise<string[]> {
  const { rows } = await pool.query<{ answer: number }>({ name: 'pooled_check', text: 'select $1::int as answer', values: [42] });
  expect(rows).toEqual([{ answer: 42 }]);
  const prepared = await pool.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return prepared.rows.map((row) => row.name);
}

describe('connectDatabases', () => {
  it('keeps one pool and its named statements without DATABASE_DIRECT_URL', async () => {
    const connections = connect();
    expect(connections.direct).toBe(connections.pool);
    expect(await preparedAfterNamedQuery(connections)).toEqual(['pooled_check']);
  });

  it('sends the pooled requests unnamed and opens a pool of its own on DATABASE_DIRECT_URL', async () => {
    const connections = connect(database.url);
    expect(connections.direct).not.toBe(connections.pool);
    expect(await preparedAfterNamedQuery(connections)).toEqual([]);
    expect(await preparedAfterNamedQuery({ pool: connections.direct })).toEqual(['pooled_check']);
  });
});
