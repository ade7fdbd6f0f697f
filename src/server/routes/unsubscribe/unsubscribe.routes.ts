import { unsubscribeInputSchema, unsubscribeResponseSchema } from '#shared/settings/unsubscribe.schema';
import { createRouter } from '../create-router';
import { emailLinkRoute } from '../openapi';
import { resubscribe, unsubscribe } from './unsubscribe.handlers';

const link = {
  tags: ['Account'],
  query: unsubscribeInputSchema,
  answer: unsubscribeResponseSchema,
  invalid: 'The link is not one of ours, or its account is gone',
};

/**
 * RFC 8058 one-click unsubscribe: a mail program POSTs `List-Unsubscribe=One-Click` (form-encoded) to the URL of the
 * `List-Unsubscribe` header; the /unsubscribe page POSTs the same URL. The token is the proof, no sign-in is needed,
 * and a GET changes nothing, so a link scanner that follows URLs cannot unsubscribe anyone.
 */
export const unsubscribeRoute = emailLinkRoute({
  ...link,
  operationId: 'unsubscribe',
  path: '/api/unsubscribe',
  summary: 'Turn off the notification an e-mail came from (one-click, RFC 8058)',
  answered: 'The switch, now off',
});

export const resubscribeRoute = emailLinkRoute({
  ...link,
  operationId: 'undoUnsubscribe',
  path: '/api/unsubscribe/undo',
  summary: 'Turn the notification of an unsubscribe link back on',
  answered: 'The switch, on again',
});

export const unsubscribeRouter = createRouter().openapi(unsubscribeRoute, unsubscribe).openapi(resubscribeRoute, resubscribe);
