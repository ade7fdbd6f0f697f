import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { withDeclaredAnswers } from './declared-answers';
import { validationFailed } from './errors';

/**
 * Every route group is an OpenAPIHono router whose request validation fails with our error shape, and whose routes
 * are described with the answers of their kind (ADR 0114): a route without an operationId or a security statement
 * fails when its module loads.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationFailed(result.error), 400);
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => register(withDeclaredAnswers(route), handler, hook)) as typeof register;
  return router;
}
