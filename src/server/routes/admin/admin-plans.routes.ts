import { createRoute } from '@hono/zod-openapi';
import { adminPlanResponseSchema, adminPlansResponseSchema, createPlanSchema, updatePlanSchema } from '#shared/admin/admin-plan.schema';
import { createRouter } from '../create-router';
import { errorJson, idParam, json, jsonBody, noWorkspaceData, sessionOnly } from '../openapi';
import { createAdminPlan, listPlans, updateAdminPlan } from './admin-plans.handlers';

/* Administration: plans and their limits (issue 17, ADR 0036). The admin router's guard answers 401 and 403 first. */

const tags = ['Administration'];
const invalid = errorJson('A field breaks a rule');

export const listAdminPlansRoute = createRoute({
  operationId: 'listAllPlans',
  ...noWorkspaceData,
  security: sessionOnly,
  tags,
  method: 'get',
  path: '/api/admin/plans',
  summary: 'Every plan, for sale or not, with its limits, Stripe price and subscribers',
  responses: {
    200: json(adminPlansResponseSchema, 'The plans: the seeded ones in their order, then by price'),
  },
});

export const createAdminPlanRoute = createRoute({
  operationId: 'createPlan',
  ...noWorkspaceData,
  security: sessionOnly,
  tags,
  method: 'post',
  path: '/api/admin/plans',
  summary: 'Create a plan',
  request: { body: jsonBody(createPlanSchema) },
  responses: {
    201: json(adminPlanResponseSchema, 'The new plan'),
    400: invalid,

    409: errorJson('Another plan has this name'),
  },
});

export const updateAdminPlanRoute = createRoute({
  operationId: 'updatePlan',
  ...noWorkspaceData,
  security: sessionOnly,
  tags,
  method: 'patch',
  path: '/api/admin/plans/{id}',
  summary: 'Change a plan: new limits apply to its subscribers at once; a new price drops the stored Stripe price',
  request: { params: idParam, body: jsonBody(updatePlanSchema) },
  responses: {
    200: json(adminPlanResponseSchema, 'The changed plan'),
    400: invalid,

    404: errorJson('No such plan'),
    409: errorJson('Another plan has this name, or Free would be withdrawn'),
  },
});

export const adminPlansRouter = createRouter()
  .openapi(listAdminPlansRoute, listPlans)
  .openapi(createAdminPlanRoute, createAdminPlan)
  .openapi(updateAdminPlanRoute, updateAdminPlan);
