import { z } from 'zod';

/*
 * A run as `GET /api/runs`, `GET /api/dashboard` and a task's history return it (ARCHITECTURE section 8). Statuses and delivery states
 * stay strings: one this build does not know yet is shown grey, not a failed page.
 */
export const runSchema = z.looseObject({
  id: z.string(),
  taskId: z.string(),
  taskName: z.string(),
  status: z.string(),
  trigger: z.string().nullish(),
  scheduledFor: z.string().nullish(),
  startedAt: z.string().nullish(),
  completedAt: z.string().nullish(),
  durationMs: z.number().nullish(),
  provider: z.string().nullish(),
  model: z.string().nullish(),
  result: z.string().nullish(),
  error: z.string().nullish(),
  deliveryStatus: z.string().nullish(),
  deliveryError: z.string().nullish(),
  inputTokens: z.number().nullish(),
  outputTokens: z.number().nullish(),
});

export type Run = z.infer<typeof runSchema>;
