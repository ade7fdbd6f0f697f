import { z } from '@hono/zod-openapi';
import { runCompletedWebhookSchema, runFailedWebhookSchema } from '#shared/runs/run-webhook.schema';
import type { createRouter } from '../create-router';
import { json } from '../openapi';

type Registry = ReturnType<typeof createRouter>['openAPIRegistry'];

/** The Standard Webhooks headers every signed delivery carries (delivery/webhook-signature.ts signs them). */
const signatureHeaders = z.object({
  'webhook-id': z.string().openapi({
    description: '`msg_` and the run’s id: the same on every attempt of one run’s delivery, so a receiver drops repeats by it',
    example: 'msg_0b5f6c2e-8a4d-4f7e-9c1a-3d2e5f6a7b8c',
  }),
  'webhook-timestamp': z.string().openapi({
    description: 'When this attempt was signed, in Unix seconds; reject one far from your clock (the libraries allow 5 minutes)',
    example: '1765008000',
  }),
  'webhook-signature': z.string().openapi({
    description:
      '`v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the task’s `webhookSecret` after `whsec_`',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

const acknowledged = {
  200: { description: 'Any 2xx answer within 15 seconds: delivered. Its body is not read.' },
  default: {
    description:
      'Any other answer, a redirect (never followed), or no complete answer within 15 seconds: the attempt failed, and the same message (same `webhook-id`) is sent again about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h after each failure (±10 %), 10 attempts in all; then the run’s delivery is failed.',
  },
};

/**
 * The OpenAPI document's `webhooks`: what a task with `deliveryMethod: "webhook"` receives at its `webhookUrl` when a
 * run ends, described by the very schemas the delivery job's body is typed against.
 */
export function describeRunWebhooks(registry: Registry): void {
  for (const [event, schema, summary] of [
    ['task.run.completed', runCompletedWebhookSchema, 'A run of the task completed'],
    ['task.run.failed', runFailedWebhookSchema, 'A run of the task ended in an error'],
  ] as const) {
    registry.registerWebhook({
      method: 'post',
      path: event,
      tags: ['Webhooks'],
      // Proven by the signature headers, not by a scheme of the document's.
      security: [],
      summary,
      description: `POSTed to the task’s \`webhookUrl\` with \`type: "${event}"\`, signed per Standard Webhooks with the task’s own \`webhookSecret\` (User-Agent \`Promptcron-Webhooks/1.0\`). Delivered at least once: retries carry the same \`webhook-id\`.`,
      request: { headers: signatureHeaders, body: { required: true, ...json(schema, summary) } },
      responses: acknowledged,
    });
  }
}
