import { z } from 'zod';
import { type JsonSchemaObject } from './json-schema-node';

/** The first way an answer misses its output schema, in words a user reads in the run's error (ADR 0119). */
export interface OutputMismatch {
  /** Where, as `items.2.price`; `(root)` for the answer itself. */
  path: string;
  message: string;
}

export const outputMismatchMessages = {
  missing: 'required field is missing',
  extra: 'unexpected field',
  expected: (expected: string, value: unknown) => `expected ${expected}, got ${describeValue(value)}`,
  notAChoice: (choices: unknown[], value: unknown) =>
    `expected one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}, got ${describeValue(value)}`,
} as const;

const expectedWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  integer: 'a whole number',
  boolean: 'yes or no (true or false)',
  object: 'an object',
  array: 'a list',
  null: 'nothing (null)',
};

const formatWords: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  url: 'a link (URL)',
  datetime: 'a date and time',
  email: 'an e-mail address',
};

function describeValue(value: unknown): string {
  if (value === null) return 'nothing (null)';
  if (Array.isArray(value)) return `a list of ${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  if (typeof value === 'string') return value.length <= 40 ? `"${value}"` : 'text';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') return 'an object';
  return 'nothing';
}

// When the type is wrong, "got text" says more than the text itself, which may be long.
function describeKind(value: unknown): string {
  return typeof value === 'string' ? 'text' : describeValue(value);
}

const validators = new WeakMap<JsonSchemaObject, z.ZodType>();

function validatorOf(strictSchema: JsonSchemaObject): z.ZodType {
  let validator = validators.get(strictSchema);
  if (!validator) {
    validator = z.fromJSONSchema(strictSchema) as z.ZodType;
    validators.set(strictSchema, validator);
  }
  return validator;
}

/** Whether zod can read the strict schema to check answers against it. */
export function canCheckAnswers(strictSchema: JsonSchemaObject): boolean {
  try {
    validatorOf(strictSchema);
    return true;
  } catch {
    return false;
  }
}

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: string;
  format?: string;
  keys?: string[];
  values?: unknown[];
  errors?: Issue[][];
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
}

function isNullBranch(branch: Issue[]): boolean {
  return branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].expected === 'null' && branch[0].path.length === 0;
}

function explain(issue: Issue, base: PropertyKey[], answer: unknown): { path: PropertyKey[]; message: string } {
  const path = [...base, ...issue.path];
  if (issue.code === 'unrecognized_keys') return { path: [...path, issue.keys?.[0] ?? ''], message: outputMismatchMessages.extra };
  const value = valueAt(answer, path);
  if (value === undefined && path.length > 0) return { path, message: outputMismatchMessages.missing };
  switch (issue.code) {
    case 'invalid_type':
      return { path, message: `expected ${expectedWords[issue.expected ?? ''] ?? issue.expected}, got ${describeKind(value)}` };
    case 'invalid_value':
      return { path, message: outputMismatchMessages.notAChoice(issue.values ?? [], value) };
    case 'invalid_format':
      return { path, message: outputMismatchMessages.expected(formatWords[issue.format ?? ''] ?? `the format ${issue.format}`, value) };
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? `at least ${issue.minimum}` : `at most ${issue.maximum}`;
      const unit = issue.origin === 'array' ? ' entries' : issue.origin === 'string' ? ' characters' : '';
      return { path, message: outputMismatchMessages.expected(`${bound}${unit}`, value) };
    }
    case 'invalid_union': {
      // A nullable field is a union with null; what went wrong is what went wrong with the other branch.
      const branches = (issue.errors ?? []).filter((branch) => !isNullBranch(branch));
      if (branches.length === 1 && branches[0]?.[0]) return explain(branches[0][0], path, answer);
      const expected = branches
        .map((branch) => branch[0])
        .filter((first): first is Issue => first?.code === 'invalid_type' && first.path.length === 0)
        .map((first) => expectedWords[first.expected ?? ''] ?? first.expected);
      if (expected.length > 0) return { path, message: `expected ${expected.join(' or ')}, got ${describeKind(value)}` };
      return { path, message: issue.message };
    }
    default:
      return { path, message: issue.message };
  }
}

/**
 * The first way `value` misses the strict schema, or null when it matches. Checked by zod's own reading of the
 * schema (`z.fromJSONSchema`), so the rules are JSON Schema's, not ours; only the words are ours.
 */
export function outputMismatch(strictSchema: JsonSchemaObject, value: unknown): OutputMismatch | null {
  const parsed = validatorOf(strictSchema).safeParse(value);
  if (parsed.success) return null;
  const first = parsed.error.issues[0] as Issue;
  const { path, message } = explain(first, [], value);
  return { path: path.length === 0 ? '(root)' : path.map(String).join('.'), message };
}
