import { z } from 'zod';

/**
 * A schema of the served OpenAPI document as a zod schema that checks a real value against it, for tests that hold
 * what the product sends to what the document promises. Strict: an object may carry only the properties the document
 * lists, so a field sent but never documented fails too.
 */
export function documentedSchema(document: { components?: { schemas?: Record<string, unknown> } }, schema: unknown): z.ZodType {
  // zod reads local references under $defs only; the document keeps its shared schemas under components.
  const refs = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as unknown;
  return z.fromJSONSchema({ ...strict(refs(schema)), $defs: strict(refs(document.components?.schemas ?? {})) } as never);
}

function strict(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return value.map(strict) as never;
  if (typeof value !== 'object' || value === null) return value as never;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, strict(inner)]));
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}
