import { createRoute } from '@hono/zod-openapi';
import { unsubscribeInputSchema, unsubscribeResponseSchema } from '#shared/settings/unsubscribe.schema';
import { createRouter } from '../create-router';
import { errorResponseSchema } from '../errors';
import { json } from '../openapi';
import { resubscribe, unsubscribe } from './unsubscribe.handlers';

const invalidLink = json(errorResponseSchema, 'The link is not one of ours, or its account is gone');

/**
 * RFC 8058 one-click unsubscribe: a mail program POSTs `List-Unsubscribe=One-Click` (form-encoded) to the URL of the
 * `List-Unsubscribe` header; the /unsubscribe page POSTs the same URL. The token is the proof, no sign-in is needed,
 * and a GET changes nothing, so a link scanner that follows URLs cannot unsubscribe anyone.
 */
export const unsubscribeRoute = createRoute({
  method: 'post',
  path: '/api/unsubscribe',
  security: [],
  tags: ['Account'],
  summary: 'Turn off the notification an e-mail came from (one-click, RFC 8058)',
  request: { query: unsubscribeInputSchema },
  responses: { 200: json(unsubscribeResponseSchema, 'The switch, now off'), 400: invalidLink },
});

export const resubscribeRoute = createRoute({
  method: 'post',
  path: '/api/unsubscribe/undo',
  security: [],
  tags: ['Account'],
  summary: 'Turn the notification of an unsubscribe link back on',
  request: { query: unsubscribeInputSchema },
  responses: { 200: json(unsubscribeResponseSchema, 'The switch, on again'), 400: invalidLink },
});

export const unsubscribeRouter = createRouter().openapi(unsubscribeRoute, unsubscribe).openapi(resubscribeRoute, resubscribe);
