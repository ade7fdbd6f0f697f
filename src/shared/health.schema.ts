import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  version: z.string(),
  uptimeSeconds: z.number().int().nonnegative(),
});

export type Health = z.infer<typeof healthSchema>;
