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

/** A JSON Schema in the served document: the keywords tests look into, every other one kept. */
export interface DocumentedJsonSchema {
  properties?: Record<string, DocumentedJsonSchema>;
  items?: DocumentedJsonSchema;
  required?: string[];
  [keyword: string]: unknown;
}

const jsonSchemaSchema: z.ZodType<DocumentedJsonSchema> = z.lazy(() =>
  z.looseObject({
    properties: z.record(z.string(), jsonSchemaSchema).optional(),
    items: jsonSchemaSchema.optional(),
    required: z.array(z.string()).optional(),
  }),
);

const contentSchema = z.record(z.string(), z.looseObject({ schema: jsonSchemaSchema }));

const operationSchema = z.looseObject({
  parameters: z.array(z.looseObject({ in: z.string(), name: z.string() })).optional(),
  requestBody: z.looseObject({ content: contentSchema }).optional(),
  responses: z.record(z.string(), z.looseObject({ content: contentSchema.optional() })),
});

const pathItemSchema = z.looseObject({
  get: operationSchema.optional(),
  put: operationSchema.optional(),
  post: operationSchema.optional(),
  patch: operationSchema.optional(),
  delete: operationSchema.optional(),
});

/**
 * The served OpenAPI document (`GET /api/openapi.json`), which its own operation leaves untyped: parsed so a test reads
 * its paths, webhooks and schemas checked rather than cast; loose, so nothing a test compares is dropped.
 */
export const servedDocumentSchema = z.looseObject({
  paths: z.record(z.string(), pathItemSchema),
  webhooks: z.record(z.string(), pathItemSchema).optional(),
  components: z.looseObject({ schemas: z.record(z.string(), jsonSchemaSchema) }),
});

export type ServedDocument = z.infer<typeof servedDocumentSchema>;

type DocumentedOperation = z.infer<typeof operationSchema>;

/** The operation at `key` (a path, or a webhook's event) for `method`; fails the test when the document has none. */
export function operationOf(
  items: Record<string, z.infer<typeof pathItemSchema>> | undefined,
  key: string,
  method: 'get' | 'put' | 'post' | 'patch' | 'delete',
): DocumentedOperation {
  const operation = items?.[key]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method} ${key}.`);
  return operation;
}

/** The JSON schema of a request body or an answer; fails the test when the document declares no JSON body there. */
export function jsonSchemaOf(body: { content?: z.infer<typeof contentSchema> } | undefined): DocumentedJsonSchema {
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) throw new Error('The OpenAPI document declares no JSON body here.');
  return schema;
}
