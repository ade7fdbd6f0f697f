import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { validationFailed } from './errors';

/** Every route group is an OpenAPIHono router whose request validation fails with our error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationFailed(result.error), 400);
    },
  });
}
