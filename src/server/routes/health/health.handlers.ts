import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { checkHealth } from '../../core/system/check-health';
import { databaseOutages } from '../../status/database-outages';
import type { getHealthRoute } from './health.routes';

export const getHealth: RouteHandler<typeof getHealthRoute, AppEnv> = async (c) => {
  const { pool, version, startedAt } = c.var.deps;
  const health = await checkHealth({ pool, version, startedAt });
  if (health.database === 'unavailable') databaseOutages.noteUnavailable();
  c.header('Cache-Control', 'no-store');
  return c.json(health, health.status === 'ok' ? 200 : 503);
};
