import { z } from 'zod';

/**
 * The one error shape of the API (ARCHITECTURE section 8), in one place: the server answers every error with it
 * (`server/routes/errors.ts` builds it, the routes name it `Error` in the OpenAPI document), and the web's
 * `lib/api-client.ts` reads error bodies with it.
 */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
