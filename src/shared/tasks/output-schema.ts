/**
 * A task's output schema: the JSON Schema its answers must match (ADR 0119). The limits keep a schema within what
 * every provider's strict mode accepts; the strict form is what the providers are sent and what answers are checked
 * against.
 */

import { isNullable, isSchemaObject, type JsonSchemaObject, typesOf } from './json-schema-node';
import { canCheckAnswers } from './output-mismatch';

export type { JsonSchemaObject } from './json-schema-node';
// The editor's model, the answer check and the rendering live beside this file to keep each small.
export { outputMismatch, outputMismatchMessages, type OutputMismatch } from './output-mismatch';
export {
  outputFieldTypes,
  outputSchemaOfShape,
  outputShapeMessages,
  outputShapeProblems,
  outputShapeSchema,
  shapeOfOutputSchema,
  type OutputField,
  type OutputFieldType,
  type OutputShape,
} from './output-shape';
export { outputRenderingTexts, renderOutput } from './output-rendering';

export interface OutputSchemaProblem {
  path: (string | number)[];
  message: string;
}

export const outputSchemaLimits = { depth: 5, properties: 100, enumValues: 100, bytes: 16_384 } as const;

export const outputSchemaMessages = {
  notAnObject: 'The output schema must be a JSON object.',
  rootNotObject: 'The output schema must describe an object ("type": "object"); put a list in a property such as "items".',
  tooLarge: 'The output schema must be at most 16 KB.',
  tooDeep: 'The output schema may nest objects and lists at most 5 levels deep.',
  tooManyProperties: 'The output schema may have at most 100 fields in all.',
  tooManyEnumValues: 'A list of choices ("enum") may have at most 100 values.',
  emptyEnum: 'A list of choices ("enum") needs at least one value.',
  enumNotAList: 'The choices ("enum") must be a list of values.',
  emptyAnyOf: 'Alternatives ("anyOf") must be a list of at least one schema.',
  pattern: 'Patterns ("pattern") are not supported in an output schema.',
  patternProperties: 'Fields named by a pattern ("patternProperties") are not supported: list every field under "properties".',
  additionalProperties: 'Extra fields ("additionalProperties") are not supported: list every field under "properties".',
  recursiveRef: 'A schema that refers to itself ("$ref") is not supported in an output schema.',
  unknownRef: 'A "$ref" must point to a definition under "#/$defs/" that exists.',
  unknownType: 'Unknown type: use object, array, string, number, integer, boolean or null.',
  missingType: 'Please give this field a type.',
  listWithoutItems: 'A list ("type": "array") needs one schema under "items" for its entries.',
  notASchema: 'Each field must be described by a JSON object.',
  unreadable: 'The output schema could not be read as JSON Schema.',
  tooManyReferences: 'The output schema grows too large once each "$ref" is replaced by what it refers to.',
  unsupportedKeyword: 'This keyword is not supported in an output schema (use "anyOf" for alternatives).',
} as const;

const knownTypes = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
// Strict modes refuse these, or cannot promise an answer that meets them.
const unsupportedKeywords = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
  'prefixItems',
  'unevaluatedProperties',
];

// Inlining references can multiply a small schema (a definition used twice by one used twice…); past this many
// nodes, counted as the strict form will hold them, it is refused rather than expanded.
const inlinedNodesLimit = 2_000;

/** A node that nests: an object or a list, counted against the depth limit. */
function nests(node: JsonSchemaObject): boolean {
  return typesOf(node).some((type) => type === 'object' || type === 'array');
}

function definitionName(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  return match?.[1];
}

function definitionOf(root: JsonSchemaObject, name: string): { node: unknown; path: (string | number)[] } | undefined {
  for (const key of ['$defs', 'definitions']) {
    const defs = root[key];
    if (isSchemaObject(defs) && Object.hasOwn(defs, name)) return { node: defs[name], path: [key, name] };
  }
  return undefined;
}

/**
 * Every reason to refuse a schema, each with its path inside the schema; empty when the schema is acceptable.
 * References to `#/$defs/…` are followed as the strict form inlines them, so a definition's fields count where they
 * are used, and a problem inside one is reported at the definition (ADR 0119).
 */
export function outputSchemaProblems(schema: unknown): OutputSchemaProblem[] {
  if (!isSchemaObject(schema)) return [{ path: [], message: outputSchemaMessages.notAnObject }];
  const problems: OutputSchemaProblem[] = [];
  const seen = new Set<string>();
  const report = (path: (string | number)[], message: string): void => {
    const key = JSON.stringify([path, message]);
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ path, message });
  };
  if (new TextEncoder().encode(JSON.stringify(schema)).length > outputSchemaLimits.bytes) report([], outputSchemaMessages.tooLarge);
  if (schema.type !== 'object') report(['type'], outputSchemaMessages.rootNotObject);

  let properties = 0;
  let nodes = 0;
  const visit = (node: unknown, path: (string | number)[], depth: number, refs: string[]): void => {
    nodes += 1;
    if (nodes > inlinedNodesLimit) return report([], outputSchemaMessages.tooManyReferences);
    if (!isSchemaObject(node)) return report(path, outputSchemaMessages.notASchema);
    if (node.$ref !== undefined) {
      const name = definitionName(node.$ref);
      const target = name === undefined ? undefined : definitionOf(schema, name);
      if (name === undefined || !target) return report([...path, '$ref'], outputSchemaMessages.unknownRef);
      if (refs.includes(name)) return report([...path, '$ref'], outputSchemaMessages.recursiveRef);
      return visit(target.node, target.path, depth, [...refs, name]);
    }
    for (const keyword of unsupportedKeywords) {
      if (node[keyword] !== undefined) report([...path, keyword], outputSchemaMessages.unsupportedKeyword);
    }
    if (node.pattern !== undefined) report([...path, 'pattern'], outputSchemaMessages.pattern);
    if (node.patternProperties !== undefined) report([...path, 'patternProperties'], outputSchemaMessages.patternProperties);
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      report([...path, 'additionalProperties'], outputSchemaMessages.additionalProperties);
    }
    const types = typesOf(node);
    if (types.some((type) => typeof type !== 'string' || !knownTypes.has(type)))
      report([...path, 'type'], outputSchemaMessages.unknownType);
    if (Array.isArray(node.enum) && node.enum.length > outputSchemaLimits.enumValues) {
      report([...path, 'enum'], outputSchemaMessages.tooManyEnumValues);
    }
    if (Array.isArray(node.enum) && node.enum.length === 0) report([...path, 'enum'], outputSchemaMessages.emptyEnum);
    if (node.enum !== undefined && !Array.isArray(node.enum)) report([...path, 'enum'], outputSchemaMessages.enumNotAList);
    if (types.length === 0 && node.anyOf === undefined && node.enum === undefined && node.const === undefined) {
      report(path, outputSchemaMessages.missingType);
    }
    const level = depth + (nests(node) ? 1 : 0);
    if (level > outputSchemaLimits.depth) return report(path, outputSchemaMessages.tooDeep);

    if (isSchemaObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        properties += 1;
        if (properties > outputSchemaLimits.properties) {
          if (properties === outputSchemaLimits.properties + 1)
            report([...path, 'properties', name], outputSchemaMessages.tooManyProperties);
          return;
        }
        visit(property, [...path, 'properties', name], level, refs);
      }
    } else if (node.properties !== undefined) {
      report([...path, 'properties'], outputSchemaMessages.notASchema);
    }
    if (types.includes('array')) {
      if (!isSchemaObject(node.items)) report([...path, 'items'], outputSchemaMessages.listWithoutItems);
      else visit(node.items, [...path, 'items'], level, refs);
    }
    if (Array.isArray(node.anyOf) && node.anyOf.length > 0) {
      node.anyOf.forEach((branch, index) => visit(branch, [...path, 'anyOf', index], depth, refs));
    } else if (node.anyOf !== undefined) {
      report([...path, 'anyOf'], outputSchemaMessages.emptyAnyOf);
    }
  };
  visit(schema, [], 0, []);
  // Whatever passes must also be checkable, or every run of the task would fail at its first answer.
  if (problems.length === 0 && !canCheckAnswers(strictOutputSchema(schema))) report([], outputSchemaMessages.unreadable);
  return problems;
}

/**
 * A field that may be left out becomes one that may be null: strict modes want every field present. A plain scalar
 * gains `"null"` in its type; a list of choices, an object or a list is wrapped in `anyOf` with `{ "type": "null" }`,
 * the form OpenAI's strict mode documents (a null would otherwise have to be among an enum's values).
 */
function nullable(node: JsonSchemaObject): JsonSchemaObject {
  if (isNullable(node)) return node;
  const scalar = typeof node.type === 'string' && !['object', 'array'].includes(node.type);
  if (scalar && node.enum === undefined && node.const === undefined) return { ...node, type: [node.type, 'null'] };
  if (Array.isArray(node.type) && !node.type.some((type) => type === 'object' || type === 'array') && node.enum === undefined) {
    return { ...node, type: [...(node.type as unknown[]), 'null'] };
  }
  const { description, ...inner } = node;
  if (Array.isArray(inner.anyOf) && Object.keys(inner).length === 1) {
    return { ...(description === undefined ? {} : { description }), anyOf: [...inner.anyOf, { type: 'null' }] };
  }
  return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: 'null' }] };
}

/**
 * The strict form the providers are sent and answers are checked against: references inlined and definitions
 * dropped, every object closed (`additionalProperties: false`) with every field required, and a field that was
 * optional made nullable. Strict of strict is the same schema. Expects a schema without problems.
 */
export function strictOutputSchema(schema: JsonSchemaObject): JsonSchemaObject {
  const strict = (node: JsonSchemaObject, refs: string[]): JsonSchemaObject => {
    const name = definitionName(node.$ref);
    if (name !== undefined) {
      const target = definitionOf(schema, name)?.node;
      if (!isSchemaObject(target) || refs.includes(name)) throw new Error(`Unusable $ref ${String(node.$ref)} in an output schema`);
      const { $ref: _ref, ...siblings } = node;
      return strict({ ...target, ...siblings }, [...refs, name]);
    }
    const { $defs: _defs, definitions: _definitions, ...result } = node;
    if (isSchemaObject(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const properties = Object.fromEntries(
        Object.entries(node.properties).map(([key, property]) => {
          const field = strict(property as JsonSchemaObject, refs);
          return [key, required.has(key) ? field : nullable(field)];
        }),
      );
      Object.assign(result, { properties, required: Object.keys(properties), additionalProperties: false });
    } else if (typesOf(node).includes('object')) {
      Object.assign(result, { properties: {}, required: [], additionalProperties: false });
    }
    if (isSchemaObject(node.items)) result.items = strict(node.items, refs);
    if (Array.isArray(node.anyOf)) result.anyOf = node.anyOf.map((branch) => strict(branch as JsonSchemaObject, refs));
    return result;
  };
  return strict(schema, []);
}
