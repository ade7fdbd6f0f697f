import { isSchemaObject, type JsonSchemaObject, typesOf, withoutNull } from './json-schema-node';

/**
 * A structured result as readable Markdown, kept in the run's `result` so search, e-mail, Slack, Discord, exports and
 * `{{last_result}}` keep working on text (ADR 0119): a list as a table, a record as a list of fields.
 */

export const outputRenderingTexts = { noItems: 'No items.', yes: 'Yes', no: 'No' } as const;

function plainValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? outputRenderingTexts.yes : outputRenderingTexts.no;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

// A pipe would end the cell and a line break the row; `<br>` is a line break both Markdown renderers keep.
function tableCell(value: unknown): string {
  return plainValue(value)
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, '<br>');
}

// Continuation lines indented under the item, so a value with line breaks stays inside its own list item.
function fieldLine(name: string, value: unknown): string {
  return `- **${name}**: ${plainValue(value).replace(/\r?\n|\r/g, '\n  ')}`.trimEnd();
}

function propertyNames(node: unknown): string[] {
  return isSchemaObject(node) && isSchemaObject(node.properties) ? Object.keys(node.properties) : [];
}

/** Whether runs answer a list of items (rendered as a table), rather than one record. */
export function isListSchema(schema: JsonSchemaObject): boolean {
  return listOf(schema) !== null;
}

/** The root's one list of objects, when the schema is the list convention: an object root with a single array property. */
function listOf(schema: JsonSchemaObject): { name: string; columns: string[] } | null {
  const names = propertyNames(schema);
  if (names.length !== 1 || !isSchemaObject(schema.properties)) return null;
  const [name] = names as [string];
  const property = schema.properties[name];
  if (!isSchemaObject(property)) return null;
  const list = withoutNull(property);
  if (!typesOf(list).includes('array') || !isSchemaObject(list.items)) return null;
  const item = withoutNull(list.items);
  return typesOf(item).includes('object') ? { name, columns: propertyNames(item) } : null;
}

export function renderOutput(strictSchema: JsonSchemaObject, value: unknown): string {
  if (!isSchemaObject(value)) return plainValue(value);
  const list = listOf(strictSchema);
  if (list) {
    const items = value[list.name];
    if (!Array.isArray(items) || items.length === 0) return outputRenderingTexts.noItems;
    const header = `| ${list.columns.map(tableCell).join(' | ')} |`;
    const rule = `| ${list.columns.map(() => '---').join(' | ')} |`;
    const rows = items.map(
      (item) => `| ${list.columns.map((column) => tableCell(isSchemaObject(item) ? item[column] : null)).join(' | ')} |`,
    );
    return [header, rule, ...rows].join('\n');
  }
  const names = propertyNames(strictSchema);
  return (names.length > 0 ? names : Object.keys(value)).map((name) => fieldLine(name, value[name])).join('\n');
}
