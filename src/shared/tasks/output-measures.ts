import { isSchemaObject, typesOf, withoutNull } from './json-schema-node';

/**
 * A number the task page can plot across a structured task's runs: a number field at the top of a record, or how many
 * items a list has (a list being an object root whose one property, `items`, is an array: ADR 0119).
 */
export type OutputMeasure = { kind: 'field'; name: string } | { kind: 'count' };

export const itemCountLabel = 'Number of items';

/** How the measure is named to the reader: the field's own name, as the result's table header shows it. */
export function outputMeasureLabel(measure: OutputMeasure): string {
  return measure.kind === 'count' ? itemCountLabel : measure.name;
}

/** A key that tells measures apart (a select's value): a field may well be called `count`. */
export function outputMeasureKey(measure: OutputMeasure): string {
  return measure.kind === 'count' ? 'count' : `field:${measure.name}`;
}

function isNumberField(node: unknown): boolean {
  if (!isSchemaObject(node)) return false;
  // The strict form makes an optional field nullable; its runs without a value are left out, not the field.
  const types = typesOf(withoutNull(node)).filter((type) => type !== 'null');
  return types.length > 0 && types.every((type) => type === 'number' || type === 'integer');
}

/** What of a task's answers can be plotted, in the schema's order; none for free text or a record without numbers. */
export function outputMeasures(schema: unknown): OutputMeasure[] {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return [];
  const properties = schema.properties;
  const names = Object.keys(properties);
  const items = properties.items;
  if (names.length === 1 && isSchemaObject(items) && withoutNull(items).type === 'array') return [{ kind: 'count' }];
  return names.filter((name) => isNumberField(properties[name])).map((name) => ({ kind: 'field', name }));
}

/** The measure's value in one run's answer; null when the run has none (it failed, or the field was left empty). */
export function measureOutput(output: Record<string, unknown> | null, measure: OutputMeasure): number | null {
  if (!output) return null;
  if (measure.kind === 'count') return Array.isArray(output.items) ? output.items.length : null;
  const value = output[measure.name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
