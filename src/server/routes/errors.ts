import type { ZodError } from 'zod';
import { errorResponseSchema, type ErrorResponse } from '#shared/errors/error-response.schema';

/** Every route names it in its OpenAPI error responses; the one copy is in src/shared, the web reads errors with it. */
export { errorResponseSchema, type ErrorResponse };

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorResponse {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function validationFailed(error: ZodError): ErrorResponse {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'The request is not valid.';
  return errorBody('validation_failed', first, fields);
}

/** Issue 18: what any API request answers while PostgreSQL cannot be reached, instead of a 500. */
export const databaseUnavailableBody = errorBody('database_unavailable', 'The database is unavailable. Please try again in a moment.');
