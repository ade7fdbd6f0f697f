import { z } from 'zod';
import { singleLineText } from '../text/safe-text';
import { isSchemaObject, typesOf, withoutNull, type JsonSchemaObject } from './json-schema-node';
import { outputSchemaProblems, strictOutputSchema } from './output-schema';

/**
 * Delivery rules on a structured result's fields (ADR 0123): checked on the run's output, so they cost no tokens. The
 * task's output schema gives each field its type, and the type the operators that fit it.
 */

export const deliveryRuleOperators = ['<', '<=', '>', '>=', '=', '!=', 'contains', 'is_true', 'is_false', 'count_gt'] as const;
export type DeliveryRuleOperator = (typeof deliveryRuleOperators)[number];

export const deliveryRuleMatches = ['all', 'any'] as const;
export const maxDeliveryRules = 10;

/** What a rule can compare: the field types of ADR 0119 that hold one value, and a list. */
export type RuleFieldType = 'number' | 'date' | 'text' | 'boolean' | 'list';

const comparisons = ['<', '<=', '>', '>=', '=', '!='] as const;
export const operatorsOfType: Record<RuleFieldType, readonly DeliveryRuleOperator[]> = {
  number: comparisons,
  date: comparisons,
  text: ['contains', '=', '!='],
  boolean: ['is_true', 'is_false'],
  list: ['count_gt'],
};

const typeWords: Record<RuleFieldType, string> = {
  number: 'number',
  date: 'date',
  text: 'text',
  boolean: 'yes/no',
  list: 'list',
};

export const deliveryRulesMessages = {
  rules: `Please add 1 to ${maxDeliveryRules} rules.`,
  match: 'Please choose whether all rules or any rule must be met.',
  operator: `Please choose an operator: ${deliveryRuleOperators.join(', ')}.`,
  field: 'Please name a field of the result.',
  value: 'Please give a number or a text to compare with.',
  withoutOutputSchema: 'Rules need a result with fields (an output schema). For a free-text result, ask a yes/no question instead.',
  unknownField: (field: string) => `The result has no field "${field}".`,
  notComparable: (field: string) => `The field "${field}" holds nested data: a rule can check numbers, dates, text, yes/no and lists.`,
  operatorDoesNotFit: (field: string, type: RuleFieldType) =>
    `"${field}" is a ${typeWords[type]} field: use ${operatorsOfType[type].join(', ')}.`,
  number: (field: string) => `Please give a number to compare "${field}" with.`,
  date: (field: string) => `Please give a date as YYYY-MM-DD to compare "${field}" with.`,
  text: (field: string) => `Please give the text to look for in "${field}".`,
  noValue: (op: string) => `"${op}" takes no value.`,
  count: 'Please give a whole number of items, 0 or more.',
} as const;

/** Why a completed run was not delivered because of its rules, as its history shows it. */
export const rulesNotMetReasons = {
  noneMet: 'Not delivered: no rule was met',
  notMet: (rule: DeliveryRule) => `Not delivered: ${describeRule(rule)} was not met`,
} as const;

/** Text of one line, without control characters: the run's history shows a rule's field and value back. */
export const deliveryRuleSchema = z.object({
  field: singleLineText({ error: deliveryRulesMessages.field }).min(1, deliveryRulesMessages.field).max(64, deliveryRulesMessages.field),
  op: z.enum(deliveryRuleOperators, { error: deliveryRulesMessages.operator }),
  value: z
    .union([z.number(), singleLineText().max(500)], { error: deliveryRulesMessages.value })
    .optional()
    .meta({ description: 'A number, a YYYY-MM-DD date or a text, as the field’s type wants; none for is_true and is_false' }),
});

export type DeliveryRule = z.infer<typeof deliveryRuleSchema>;

export const deliveryRulesSchema = z
  .object(
    {
      match: z.enum(deliveryRuleMatches, { error: deliveryRulesMessages.match }).default('all'),
      rules: z
        .array(deliveryRuleSchema, { error: deliveryRulesMessages.rules })
        .min(1, deliveryRulesMessages.rules)
        .max(maxDeliveryRules, deliveryRulesMessages.rules),
    },
    { error: deliveryRulesMessages.rules },
  )
  .meta({
    description:
      'For deliverWhen "rules" (ADR 0123): deliver when all (or any) of up to 10 rules on the result’s fields are met; needs an output schema',
  });

export type DeliveryRules = z.output<typeof deliveryRulesSchema>;

/**
 * The fields a rule may name, with their types: a record's top-level fields; for a list (one `items` array of
 * records), its items' fields and `items` itself. A field of nested data maps to null.
 */
export function ruleFieldsOf(strictSchema: JsonSchemaObject): Map<string, RuleFieldType | null> {
  const fields = new Map<string, RuleFieldType | null>();
  const properties = isSchemaObject(strictSchema.properties) ? strictSchema.properties : {};
  const list = listItemsSchema(strictSchema);
  const itemProperties = list && isSchemaObject(list.properties) ? list.properties : {};
  for (const [name, node] of Object.entries(list ? itemProperties : properties)) fields.set(name, ruleTypeOf(node));
  if (list) fields.set('items', 'list');
  return fields;
}

/** The record schema of a list's items, when the schema's root is a list (ADR 0119: one array property, `items`). */
function listItemsSchema(schema: JsonSchemaObject): JsonSchemaObject | null {
  const properties = isSchemaObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  if (names.length !== 1 || names[0] !== 'items' || !isSchemaObject(properties.items)) return null;
  const list = withoutNull(properties.items);
  if (list.type !== 'array' || !isSchemaObject(list.items)) return null;
  const record = withoutNull(list.items);
  return record.type === 'object' ? record : null;
}

function ruleTypeOf(node: unknown): RuleFieldType | null {
  if (!isSchemaObject(node)) return null;
  const field = withoutNull(node);
  const [type] = typesOf(field);
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array') return 'list';
  if (type === 'string') return field.format === 'date' ? 'date' : 'text';
  return null;
}

/** Every problem of the rules against the output schema's fields, each at its path inside `rules`. */
export function deliveryRuleProblems(
  rules: readonly DeliveryRule[],
  fields: Map<string, RuleFieldType | null>,
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  rules.forEach((rule, index) => {
    const at = (key: string, message: string) => problems.push({ path: [index, key], message });
    if (!fields.has(rule.field)) return at('field', deliveryRulesMessages.unknownField(rule.field));
    const type = fields.get(rule.field);
    if (!type) return at('field', deliveryRulesMessages.notComparable(rule.field));
    if (!operatorsOfType[type].includes(rule.op)) return at('op', deliveryRulesMessages.operatorDoesNotFit(rule.field, type));
    const problem = valueProblem(rule, type);
    if (problem) at('value', problem);
  });
  return problems;
}

function valueProblem({ field, op, value }: DeliveryRule, type: RuleFieldType): string | undefined {
  if (op === 'is_true' || op === 'is_false') return value === undefined ? undefined : deliveryRulesMessages.noValue(op);
  if (op === 'count_gt') return Number.isInteger(value) && (value as number) >= 0 ? undefined : deliveryRulesMessages.count;
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? undefined : deliveryRulesMessages.number(field);
  // zod's check knows each month's days, where Date.parse reads 2026-02-30 as 2 March.
  if (type === 'date') return z.iso.date().safeParse(value).success ? undefined : deliveryRulesMessages.date(field);
  return typeof value === 'string' && value.trim() !== '' ? undefined : deliveryRulesMessages.text(field);
}

/** A rule in the words of the run's history: `price > 100`, `title contains remote`, `remote is true`. */
export function describeRule({ field, op, value }: DeliveryRule): string {
  if (op === 'is_true') return `${field} is true`;
  if (op === 'is_false') return `${field} is false`;
  if (op === 'count_gt') return `${field} count > ${String(value)}`;
  return `${field} ${op} ${String(value)}`;
}

/**
 * Why the output does not meet the rules, or null when it does. A rule on an item's field is met when any item meets
 * it; an empty (null) field meets no rule, `!=` included.
 */
export function rulesNotMet(rules: DeliveryRules, output: unknown): string | null {
  const record = isSchemaObject(output) ? output : {};
  const items = listItems(record);
  const met = (rule: DeliveryRule) =>
    rule.op === 'count_gt' || !items ? valueMeets(record[rule.field], rule) : items.some((item) => valueMeets(item[rule.field], rule));
  if (rules.match === 'any') return rules.rules.some(met) ? null : rulesNotMetReasons.noneMet;
  const failed = rules.rules.find((rule) => !met(rule));
  return failed ? rulesNotMetReasons.notMet(failed) : null;
}

function listItems(output: Record<string, unknown>): Record<string, unknown>[] | null {
  const keys = Object.keys(output);
  if (keys.length !== 1 || !Array.isArray(output.items)) return null;
  return output.items.filter(isSchemaObject);
}

function valueMeets(actual: unknown, { op, value }: DeliveryRule): boolean {
  if (actual === null || actual === undefined) return false;
  switch (op) {
    case 'is_true':
      return actual === true;
    case 'is_false':
      return actual === false;
    case 'count_gt':
      return Array.isArray(actual) && actual.length > Number(value);
    case 'contains':
      return typeof actual === 'string' && typeof value === 'string' && actual.toLowerCase().includes(value.toLowerCase());
    default:
      return compares(actual, op, value);
  }
}

/** Numbers as numbers; text and YYYY-MM-DD dates as text, which orders such dates correctly; text ignores case. */
function compares(actual: unknown, op: DeliveryRuleOperator, value: unknown): boolean {
  let order: number;
  if (typeof actual === 'number' && typeof value === 'number') order = actual - value;
  else if (typeof actual === 'string' && typeof value === 'string') {
    const [a, b] = [actual.toLowerCase(), value.toLowerCase()];
    order = a < b ? -1 : a > b ? 1 : 0;
  } else return false;
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
    default:
      return false;
  }
}

/**
 * For deliverWhen "rules": rules there, an output schema to read fields from, and each rule fitting its field; each
 * problem at its path (`deliveryRules.rules.2.op`). The values may not have their final type yet.
 */
export function checkDeliveryRules(
  task: { deliverWhen?: unknown; deliveryRules?: unknown; outputSchema?: unknown },
  context: z.RefinementCtx,
): void {
  if (task.deliverWhen !== 'rules') return;
  const given = isSchemaObject(task.deliveryRules) ? task.deliveryRules : null;
  if (!given) {
    context.addIssue({ code: 'custom', path: ['deliveryRules'], message: deliveryRulesMessages.rules });
    return;
  }
  checkRulesAgainst(task.outputSchema, given, { context, path: ['deliveryRules'] });
}

/**
 * Rules given as an object, checked against the output schema's fields: refused without a schema, else each rule's
 * problem at its path under `path`, its message passed through `say` (a destination names its place, ADR 0132).
 */
export function checkRulesAgainst(
  outputSchema: unknown,
  given: Record<string, unknown>,
  { context, path, say = (message) => message }: { context: z.RefinementCtx; path: (string | number)[]; say?: (message: string) => string },
): void {
  if (!isSchemaObject(outputSchema)) {
    context.addIssue({ code: 'custom', path, message: say(deliveryRulesMessages.withoutOutputSchema) });
    return;
  }
  const rules = deliveryRulesSchema.shape.rules.safeParse(given.rules);
  // A broken schema or rule list is reported on its own; the fields of the rules are checked once both are whole.
  if (!rules.success || outputSchemaProblems(outputSchema).length > 0) return;
  for (const problem of deliveryRuleProblems(rules.data, ruleFieldsOf(strictOutputSchema(outputSchema)))) {
    context.addIssue({ code: 'custom', path: [...path, 'rules', ...problem.path], message: say(problem.message) });
  }
}
