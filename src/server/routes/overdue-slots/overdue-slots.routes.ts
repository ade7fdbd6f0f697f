import { createRoute, type RouteHandler } from '@hono/zod-openapi';
import { overdueSlotListSchema } from '#shared/tasks/overdue-slot.schema';
import type { AppEnv } from '../../app-env';
import { listOverdueSlots as listOverdueSlotsCore } from '../../core/tasks/list-overdue-slots';
import { createRouter } from '../create-router';
import { json, userOrKey } from '../openapi';

export const listOverdueSlotsRoute = createRoute({
  operationId: 'listOverdueSlots',
  tags: ['Tasks'],
  ...userOrKey('get'),
  path: '/api/overdue-slots',
  summary: 'Slots of your tasks that no worker has run, more than a minute after their time (the watchdog’s findings)',
  responses: { 200: json(overdueSlotListSchema, 'The open overdue slots, oldest first') },
});

const listOverdueSlots: RouteHandler<typeof listOverdueSlotsRoute, AppEnv> = async (c) => {
  const items = await listOverdueSlotsCore({ db: c.var.deps.db, workspaceId: c.var.workspace.id });
  return c.json({ items }, 200);
};

export const overdueSlotsRouter = createRouter().openapi(listOverdueSlotsRoute, listOverdueSlots);
