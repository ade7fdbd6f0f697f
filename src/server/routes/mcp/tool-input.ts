import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type JsonSchema = Record<string, unknown> & { $ref?: string; $defs?: Record<string, Record<string, unknown>> };

/**
 * A REST contract as a tool's input schema (ADR 0124). `tools/list` shows the contract's JSON Schema with its root
 * inlined (a contract with an OpenAPI name is otherwise a bare `$ref`, and a tool's schema must be an object);
 * the SDK's own check lets any arguments through, because the tool parses them with the contract itself and answers
 * its failures with the REST API's messages and field paths, not the SDK's.
 */
export function toolInput(contract: z.ZodType): StandardSchemaWithJSON<unknown, unknown> {
  const standard = contract['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  const inline = (schema: JsonSchema): Record<string, unknown> => {
    const name = schema.$ref?.startsWith('#/$defs/') ? schema.$ref.slice('#/$defs/'.length) : undefined;
    const root = name ? schema.$defs?.[name] : undefined;
    if (!name || !root) return schema;
    const { $ref: _ref, $defs = {}, ...rest } = schema;
    const { [name]: _root, ...others } = $defs;
    return { ...rest, ...root, ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
  };
  return {
    '~standard': {
      version: 1,
      vendor: 'promptcron',
      validate: (value) => ({ value }),
      jsonSchema: {
        input: (options) => inline(standard.jsonSchema.input(options) as JsonSchema),
        output: (options) => inline(standard.jsonSchema.output(options) as JsonSchema),
      },
    },
  };
}
