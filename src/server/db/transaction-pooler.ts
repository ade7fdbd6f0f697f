import pg from 'pg';

/** Rounds of the probe: a busy pooler may hand a client its old server connection back by chance. */
const rounds = 3;

/**
 * Whether `url` leads to a transaction-mode pooler (PgBouncer's `pool_mode = transaction`, Supavisor...), which hands
 * a client's transactions to whichever server connection is free (docs/decisions/0099). PgBouncer answers no `SHOW` of
 * its own settings on a database connection, and from 1.21 it keeps named statements across server connections
 * itself, so the probe watches what it cannot hide: the server process behind each transaction. A session keeps its
 * own to the end, so another client can never be given it, and it never changes under its client.
 */
export async function isTransactionPooler(url: string): Promise<boolean> {
  const first = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  const second = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await Promise.all([first.connect(), second.connect()]);
    const serverOf = async (client: pg.Client) => (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    for (let round = 0; round < rounds; round += 1) {
      const before = await serverOf(first);
      // Held open, the second client's transaction keeps its server connection while the first asks again.
      await second.query('begin');
      try {
        // A pooler hands the connection the first client just let go to the next transaction: no need to ask again,
        // and with a single server connection the first client's question would wait for this transaction's end.
        if ((await serverOf(second)) === before) return true;
        if ((await serverOf(first)) !== before) return true;
      } finally {
        await second.query('commit');
      }
    }
    return false;
  } finally {
    await Promise.all([first.end().catch(() => undefined), second.end().catch(() => undefined)]);
  }
}
