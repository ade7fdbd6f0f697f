import { z } from 'zod';

/*
 * better-auth's own answers under /api/auth, which the OpenAPI document leaves out (ADR 0115 types only the product's
 * routes): tests that read one parse it here rather than cast it. Loose, so nothing a test compares is dropped.
 */

/** `GET /api/auth/get-session`: the signed-in session and its user, or null. */
export const sessionAnswerSchema = z
  .looseObject({
    session: z.looseObject({ id: z.string(), userId: z.string() }),
    user: z.looseObject({ id: z.string(), email: z.string() }),
  })
  .nullable();
