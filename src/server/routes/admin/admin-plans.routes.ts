import { createRoute, z } from '@hono/zod-openapi';
import { adminPlanResponseSchema, adminPlansResponseSchema, createPlanSchema, updatePlanSchema } from '#shared/admin/admin-plan.schema';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json } from '../openapi';
import { createAdminPlan, listPlans, updateAdminPlan } from './admin-plans.handlers';

/* Administration: plans and their limits (issue 17, ADR 0036). The admin router's guard answers 401 and 403 first. */

const guarded = {
  401: json(errorResponseSchema, 'Not signed in'),
  403: json(errorResponseSchema, 'Not an administrator'),
};
const tags = ['Administration'];
const idParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const body = <Schema extends z.ZodType>(schema: Schema) => ({ required: true, content: { 'application/json': { schema } } });

export const listAdminPlansRoute = createRoute({
  tags,
  method: 'get',
  path: '/api/admin/plans',
  summary: 'Every plan, for sale or not, with its limits, Stripe price and subscribers',
  responses: { 200: json(adminPlansResponseSchema, 'The plans: the seeded ones in their order, then by price'), ...guarded },
});

export const createAdminPlanRoute = createRoute({
  tags,
  method: 'post',
  path: '/api/admin/plans',
  summary: 'Create a plan',
  request: { body: body(createPlanSchema) },
  responses: {
    201: json(adminPlanResponseSchema, 'The new plan'),
    400: json(errorResponseSchema, 'A field breaks a rule'),
    ...guarded,
    409: json(errorResponseSchema, 'Another plan has this name'),
  },
});

export const updateAdminPlanRoute = createRoute({
  tags,
  method: 'patch',
  path: '/api/admin/plans/{id}',
  summary: 'Change a plan: new limits apply to its subscribers at once; a new price drops the stored Stripe price',
  request: { params: idParam, body: body(updatePlanSchema) },
  responses: {
    200: json(adminPlanResponseSchema, 'The changed plan'),
    400: json(errorResponseSchema, 'A field breaks a rule'),
    ...guarded,
    404: json(errorResponseSchema, 'No such plan'),
    409: json(errorResponseSchema, 'Another plan has this name, or Free would be withdrawn'),
  },
});

export const adminPlansRouter = createRouter()
  .openapi(listAdminPlansRoute, listPlans)
  .openapi(createAdminPlanRoute, createAdminPlan)
  .openapi(updateAdminPlanRoute, updateAdminPlan);
