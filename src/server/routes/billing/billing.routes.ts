import { createRoute } from '@hono/zod-openapi';
import { plansResponseSchema, subscriptionResponseSchema } from '#shared/billing/plan.schema';
import { requireUser } from '../auth/session-middleware';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json } from '../openapi';
import { getOwnSubscription, getPlans } from './billing.handlers';

/** Public: visitors and the pricing pages read the plans before anyone signs in. */
export const getPlansRoute = createRoute({
  method: 'get',
  path: '/api/plans',
  tags: ['Billing'],
  summary: 'The plans for sale, cheapest first, with their limits',
  responses: { 200: json(plansResponseSchema, 'The plans') },
});

export const getSubscriptionRoute = createRoute({
  method: 'get',
  path: '/api/me/subscription',
  tags: ['Billing'],
  summary: "Your plan, the subscription's status and period, and this period's usage",
  middleware: [requireUser] as const,
  responses: {
    200: json(subscriptionResponseSchema, 'The subscription (Free when none was bought)'),
    401: json(errorResponseSchema, 'Not signed in'),
  },
});

export const billingRouter = createRouter().openapi(getPlansRoute, getPlans).openapi(getSubscriptionRoute, getOwnSubscription);
