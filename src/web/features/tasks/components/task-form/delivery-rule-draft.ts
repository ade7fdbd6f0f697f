import {
  maxDeliveryRules,
  operatorsOfType,
  ruleFieldsOf,
  type DeliveryRule,
  type DeliveryRuleOperator,
  type RuleFieldType,
} from '#shared/tasks/delivery-rules';
import { isSchemaObject } from '#shared/tasks/json-schema-node';
import { listItemFields } from '#shared/tasks/item-rules';

export { maxDeliveryRules };

/** A field a rule may name, as the form offers it: a record's field, a list item's field, or the list's count. */
export type RuleFieldChoice = { name: string; type: RuleFieldType; label: string };

/**
 * The fields rules may name in the output schema as it stands in the form (ADR 0123), in its order; nested data is
 * left out, as no operator fits it. Read from the schema as written, so a field being typed in the editor is there.
 */
export function ruleFieldChoices(outputSchema: unknown): RuleFieldChoice[] {
  if (!isSchemaObject(outputSchema)) return [];
  const isList = listItemFields(outputSchema) !== null;
  const choices: RuleFieldChoice[] = [];
  for (const [name, type] of ruleFieldsOf(outputSchema)) {
    if (!type || name.trim() === '') continue;
    if (isList && name === 'items') continue;
    choices.push({ name, type, label: isList ? `${name} (any item)` : name });
  }
  if (isList) choices.push({ name: 'items', type: 'list', label: 'Number of items' });
  return choices;
}

/** The item fields of a list result, without names still being typed; null when the result is not a list. */
export function itemFieldChoices(outputSchema: unknown): string[] | null {
  return listItemFields(outputSchema)?.filter((name) => name.trim() !== '') ?? null;
}

export const operatorLabels: Record<DeliveryRuleOperator, string> = {
  '<': 'is less than (<)',
  '<=': 'is at most (<=)',
  '>': 'is more than (>)',
  '>=': 'is at least (>=)',
  '=': 'is (=)',
  '!=': 'is not (!=)',
  contains: 'contains',
  is_true: 'is yes',
  is_false: 'is no',
  count_gt: 'is more than',
};

/** A rule row as the user edits it: the value stays the text typed, so "1." on its way to "1.5" is kept. */
export type RuleRow = { key: number; field: string; op: DeliveryRuleOperator; value: string; edited: boolean };

let lastRuleKey = 0;

function nextKey(): number {
  lastRuleKey += 1;
  return lastRuleKey;
}

export function takesValue(op: DeliveryRuleOperator): boolean {
  return op !== 'is_true' && op !== 'is_false';
}

/** A new row on the first field, with the first operator that fits it. */
export function blankRuleRow(fields: RuleFieldChoice[]): RuleRow {
  const first = fields[0];
  return { key: nextKey(), field: first?.name ?? '', op: first ? operatorsOfType[first.type][0]! : '=', value: '', edited: false };
}

export function rowsOfRules(rules: readonly DeliveryRule[]): RuleRow[] {
  return rules.map((rule) => ({
    key: nextKey(),
    field: rule.field,
    op: rule.op,
    value: rule.value === undefined ? '' : String(rule.value),
    // A row the form started empty (see the delivery card) keeps its complaint until the user has typed in it.
    edited: rule.value !== undefined && rule.value !== '',
  }));
}

/**
 * The rule the API receives: a number for a number field and a count, when the text is one (otherwise the text, so
 * the shared schema says what is wrong); no value for yes/no.
 */
export function ruleOfRow(row: RuleRow, fields: RuleFieldChoice[]): DeliveryRule {
  if (!takesValue(row.op)) return { field: row.field, op: row.op };
  const type = fields.find((field) => field.name === row.field)?.type;
  const numeric = row.op === 'count_gt' || type === 'number';
  const text = row.value.trim();
  const value = numeric && text !== '' && Number.isFinite(Number(text)) ? Number(text) : row.value;
  return { field: row.field, op: row.op, value };
}

/** The row after choosing another field: its operator kept when it fits the new field's type, its value when the type stays. */
export function withField(row: RuleRow, name: string, fields: RuleFieldChoice[]): RuleRow {
  const before = fields.find((field) => field.name === row.field)?.type;
  const after = fields.find((field) => field.name === name)?.type;
  if (!after) return { ...row, field: name };
  const op = operatorsOfType[after].includes(row.op) ? row.op : operatorsOfType[after][0]!;
  // A value stays while the type does, and when the field it was for has left the result.
  const keep = before === undefined || before === after;
  return { ...row, field: name, op, value: keep ? row.value : '', edited: keep && row.edited };
}

/** Where a set of field rules sits in the task: the task-wide rule, or one destination's own (ADR 0127). */
export type RulesPlace = 'deliveryRules' | `destinations.${number}.onlyWhen`;

/**
 * The paths the shared schema puts the rules' problems at, the whole before its parts. react-hook-form keeps a
 * checked path's error only where it has a message of its own, so each rule's parts are checked by name.
 */
export function ruleErrorNames<Place extends RulesPlace = 'deliveryRules'>(count: number, place: Place = 'deliveryRules' as Place) {
  const parts = Array.from({ length: count }, (_, index) =>
    (['field', 'op', 'value'] as const).map((part) => `${place}.rules.${index}.${part}` as const),
  );
  return [place, `${place}.rules` as const, ...parts.flat()] as const;
}
