/** Reading one node of a JSON Schema, as the output schema's modules do (ADR 0119). */

export type JsonSchemaObject = Record<string, unknown>;

export function isSchemaObject(value: unknown): value is JsonSchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A node's `type`, always as a list (empty when it has none). */
export function typesOf(node: JsonSchemaObject): unknown[] {
  if (node.type === undefined) return [];
  return Array.isArray(node.type) ? node.type : [node.type];
}

/** Whether the node admits null: `"null"` among its types, or a `{ "type": "null" }` branch of its `anyOf`. */
export function isNullable(node: JsonSchemaObject): boolean {
  if (typesOf(node).includes('null')) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((branch) => isSchemaObject(branch) && branch.type === 'null');
}

/** The node without its null alternative: the `anyOf` branch that is not null, or the type without `"null"`. */
export function withoutNull(node: JsonSchemaObject): JsonSchemaObject {
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.filter((branch) => !(isSchemaObject(branch) && branch.type === 'null'));
    if (branches.length === 1 && isSchemaObject(branches[0])) {
      const { anyOf: _anyOf, ...rest } = node;
      return { ...branches[0], ...rest };
    }
    return node;
  }
  if (Array.isArray(node.type)) {
    const types = node.type.filter((type) => type !== 'null');
    return { ...node, type: types.length === 1 ? types[0] : types };
  }
  return node;
}
