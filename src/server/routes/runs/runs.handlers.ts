import type { RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../../app-env';
import { listHistory as listHistoryCore } from '../../core/history/list-history';
import { getRun as getRunCore } from '../../core/runs/get-run';
import { replayDelivery as replayDeliveryCore } from '../../core/runs/replay-delivery';
import type { getRunRoute, listHistoryRoute, replayDeliveryRoute } from './runs.routes';

export const listHistory: RouteHandler<typeof listHistoryRoute, AppEnv> = async (c) => {
  const { range, date, timezone, q, cursor, limit } = c.req.valid('query');
  // c.get, not c.var: every read of `c.var` copies all the request's variables into a new object (the hottest route).
  const { pool, runCounts } = c.get('deps');
  const workspace = c.get('workspace');
  const page = await listHistoryCore({
    pool,
    totals: runCounts,
    workspaceId: workspace.id,
    filter: { range, date, timezone, q },
    cursor,
    limit,
  });
  return c.json(page, 200);
};

export const getRun: RouteHandler<typeof getRunRoute, AppEnv> = async (c) => {
  const run = await getRunCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id, runId: c.req.valid('param').id });
  return c.json({ run }, 200);
};

export const replayDelivery: RouteHandler<typeof replayDeliveryRoute, AppEnv> = async (c) => {
  const { id, destinationId } = c.req.valid('param');
  const replay = await replayDeliveryCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id, runId: id, destinationId });
  return c.json({ replay }, 202);
};
