import { z } from 'zod';
import { isNullable, isSchemaObject, type JsonSchemaObject, withoutNull } from './json-schema-node';

/**
 * The task form's field editor: a list of items or a single record, each field of a few simple types. It writes a
 * JSON Schema and reads one back when it can; any other schema is edited as raw JSON under "Advanced" (ADR 0119).
 */

export const outputFieldTypes = ['text', 'number', 'integer', 'boolean', 'date', 'link', 'enum'] as const;
export type OutputFieldType = (typeof outputFieldTypes)[number];

export interface OutputField {
  name: string;
  type: OutputFieldType;
  description?: string;
  required: boolean;
  /** The choices of a one-of (`enum`) field. */
  values?: string[];
}

export interface OutputShape {
  kind: 'list' | 'record';
  fields: OutputField[];
}

export const outputShapeMessages = {
  fieldName: 'A field name must be 1 to 64 letters, digits or underscores.',
  duplicateField: 'Each field needs a name of its own.',
  noFields: 'Please add at least one field.',
  tooManyFields: 'A result may have at most 99 fields.',
  enumValues: 'A one-of field needs 1 to 100 choices, each written once.',
  descriptionTooLong: 'A field’s description must be at most 500 characters.',
} as const;

const fieldNamePattern = /^[A-Za-z0-9_]{1,64}$/;

export const outputShapeSchema = z
  .object({
    kind: z.enum(['list', 'record']),
    fields: z
      .array(
        z.object({
          name: z.string().regex(fieldNamePattern, outputShapeMessages.fieldName),
          type: z.enum(outputFieldTypes),
          description: z.string().max(500, outputShapeMessages.descriptionTooLong).optional(),
          required: z.boolean(),
          values: z.array(z.string().min(1, outputShapeMessages.enumValues)).optional(),
        }),
      )
      .min(1, outputShapeMessages.noFields)
      // The list's own `items` property counts among the schema's 100 properties.
      .max(99, outputShapeMessages.tooManyFields),
  })
  .superRefine((shape, context) => {
    const names = new Set<string>();
    shape.fields.forEach((field, index) => {
      if (names.has(field.name))
        context.addIssue({ code: 'custom', path: ['fields', index, 'name'], message: outputShapeMessages.duplicateField });
      names.add(field.name);
      const values = field.values ?? [];
      if (field.type === 'enum' && (values.length === 0 || values.length > 100 || new Set(values).size !== values.length)) {
        context.addIssue({ code: 'custom', path: ['fields', index, 'values'], message: outputShapeMessages.enumValues });
      }
    });
  });

/** Every reason the editor's shape cannot be saved, each with its path (`['fields', 2, 'name']`). */
export function outputShapeProblems(shape: unknown): { path: (string | number)[]; message: string }[] {
  const parsed = outputShapeSchema.safeParse(shape);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
  }));
}

function fieldSchema(field: OutputField): JsonSchemaObject {
  const base: JsonSchemaObject =
    field.type === 'date'
      ? { type: 'string', format: 'date' }
      : field.type === 'link'
        ? { type: 'string', format: 'uri' }
        : field.type === 'enum'
          ? { type: 'string', enum: [...(field.values ?? [])] }
          : { type: field.type === 'text' ? 'string' : field.type };
  return field.description ? { ...base, description: field.description } : base;
}

function recordSchema(fields: OutputField[]): JsonSchemaObject {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    required: fields.filter((field) => field.required).map((field) => field.name),
    additionalProperties: false,
  };
}

/** The schema the editor's shape describes. A list is an object with one array property, `items`: providers want an object at the root. */
export function outputSchemaOfShape(shape: OutputShape): JsonSchemaObject {
  if (shape.kind === 'record') return recordSchema(shape.fields);
  return {
    type: 'object',
    properties: { items: { type: 'array', items: recordSchema(shape.fields) } },
    required: ['items'],
    additionalProperties: false,
  };
}

const objectKeys = new Set(['type', 'properties', 'required', 'additionalProperties']);
const fieldKeys = new Set(['type', 'format', 'enum', 'description']);

function onlyKeys(node: JsonSchemaObject, allowed: Set<string>): boolean {
  return Object.keys(node).every((key) => allowed.has(key));
}

function fieldTypeOf(node: JsonSchemaObject): OutputFieldType | null {
  if (!onlyKeys(node, fieldKeys)) return null;
  if (node.enum !== undefined) {
    const values = node.enum;
    const choices = Array.isArray(values) && values.length > 0 && values.every((value) => typeof value === 'string');
    return node.type === 'string' && node.format === undefined && choices ? 'enum' : null;
  }
  if (node.type === 'string')
    return node.format === undefined ? 'text' : node.format === 'date' ? 'date' : node.format === 'uri' ? 'link' : null;
  if (node.format !== undefined) return null;
  return node.type === 'number' || node.type === 'integer' || node.type === 'boolean' ? node.type : null;
}

function fieldsOf(node: unknown): OutputField[] | null {
  if (!isSchemaObject(node) || node.type !== 'object' || !onlyKeys(node, objectKeys) || !isSchemaObject(node.properties)) return null;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false) return null;
  const required = Array.isArray(node.required) ? node.required : [];
  const fields: OutputField[] = [];
  for (const [name, property] of Object.entries(node.properties)) {
    if (!fieldNamePattern.test(name) || !isSchemaObject(property)) return null;
    // The strict form lists every field as required and lets an optional one be null.
    const optional = isNullable(property);
    const base = withoutNull(property);
    const type = fieldTypeOf(base);
    if (!type) return null;
    const field: OutputField = { name, type, required: required.includes(name) && !optional };
    if (typeof base.description === 'string' && base.description !== '') field.description = base.description;
    if (type === 'enum') field.values = [...(base.enum as string[])];
    fields.push(field);
  }
  return fields;
}

/** The editor's shape of a schema (its own or the strict form of it), or null when the editor cannot show it. */
export function shapeOfOutputSchema(schema: unknown): OutputShape | null {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return null;
  const names = Object.keys(schema.properties);
  const list = schema.properties.items;
  if (names.length === 1 && isSchemaObject(list) && list.type === 'array') {
    if (!onlyKeys(schema, objectKeys) || !onlyKeys(list, new Set(['type', 'items']))) return null;
    const fields = fieldsOf(list.items);
    return fields && { kind: 'list', fields };
  }
  const fields = fieldsOf(schema);
  return fields && { kind: 'record', fields };
}
