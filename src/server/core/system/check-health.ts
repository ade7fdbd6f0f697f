import type pg from 'pg';
import type { Health } from '#shared/health.schema';

const databaseProbeTimeoutMs = 2_000;

/** The service is healthy when it can reach its database within two seconds. */
export async function checkHealth({ pool, version, startedAt }: { pool: pg.Pool; version: string; startedAt: number }): Promise<Health> {
  const databaseReachable = await probeDatabase(pool);
  return {
    status: databaseReachable ? 'ok' : 'degraded',
    database: databaseReachable ? 'ok' : 'unavailable',
    version,
    uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
  };
}

/** Whether PostgreSQL answers a trivial query within two seconds. */
export async function probeDatabase(pool: pg.Pool): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), databaseProbeTimeoutMs);
  });
  const probe = pool.query('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
