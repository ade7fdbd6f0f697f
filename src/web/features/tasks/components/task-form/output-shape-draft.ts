import { outputShapeProblems, type OutputFieldType, type OutputShape } from '#shared/tasks/output-schema';

/**
 * The field editor's rows as the user types them (ADR 0119): a one-of's choices stay the text typed, so a comma just
 * typed is not swallowed, and each row keeps a key of its own while names change.
 */
export type OutputFieldRow = {
  key: number;
  name: string;
  type: OutputFieldType;
  description: string;
  required: boolean;
  choices: string;
};

export type OutputShapeDraft = { kind: OutputShape['kind']; rows: OutputFieldRow[] };

export const outputFieldTypeLabels: Record<OutputFieldType, string> = {
  text: 'Text',
  number: 'Number',
  integer: 'Whole number',
  boolean: 'Yes/no',
  date: 'Date',
  link: 'Link',
  enum: 'One of',
};

let lastRowKey = 0;

export function blankFieldRow(): OutputFieldRow {
  lastRowKey += 1;
  return { key: lastRowKey, name: '', type: 'text', description: '', required: true, choices: '' };
}

export function draftOfShape(shape: OutputShape): OutputShapeDraft {
  return {
    kind: shape.kind,
    rows: shape.fields.map((field) => ({
      ...blankFieldRow(),
      name: field.name,
      type: field.type,
      description: field.description ?? '',
      required: field.required,
      choices: (field.values ?? []).join(', '),
    })),
  };
}

const choicesOf = (text: string) =>
  text
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);

export function shapeOfDraft(draft: OutputShapeDraft): OutputShape {
  return {
    kind: draft.kind,
    fields: draft.rows.map((row) => ({
      name: row.name.trim(),
      type: row.type,
      ...(row.description.trim() ? { description: row.description.trim() } : {}),
      required: row.required,
      ...(row.type === 'enum' ? { values: choicesOf(row.choices) } : {}),
    })),
  };
}

/** What the editor's rules say about the draft: per row and part (`name`, `values`, `description`), and for the whole. */
export type DraftProblems = { rows: Map<number, Partial<Record<'name' | 'values' | 'description', string>>>; whole?: string };

export function draftProblems(draft: OutputShapeDraft): DraftProblems {
  const problems: DraftProblems = { rows: new Map() };
  for (const { path, message } of outputShapeProblems(shapeOfDraft(draft))) {
    const [, index, part] = path;
    const row = typeof index === 'number' ? draft.rows[index] : undefined;
    if (row && (part === 'name' || part === 'values' || part === 'description')) {
      const parts = problems.rows.get(row.key) ?? {};
      parts[part] ??= message;
      problems.rows.set(row.key, parts);
    } else {
      problems.whole ??= message;
    }
  }
  return problems;
}

/** The first problem of a draft, or undefined: what keeps the form from being sent. */
export function firstDraftProblem(draft: OutputShapeDraft): string | undefined {
  return outputShapeProblems(shapeOfDraft(draft))[0]?.message;
}

/**
 * The first message in a react-hook-form error tree: the schema's issues sit at their paths inside the output schema
 * (`outputSchema.properties.items.type`), the server's at `outputSchema` itself.
 */
export function firstErrorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const node = error as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message) return node.message;
  for (const [key, value] of Object.entries(node)) {
    // `ref` is the element the error is about (a field of the schema may be called so too); `types` repeats `message`.
    if (key === 'types' || (key === 'ref' && firstOwnMessage(value) === undefined)) continue;
    const message = firstErrorMessage(value);
    if (message) return message;
  }
  return undefined;
}

function firstOwnMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('message' in value)) return undefined;
  return typeof value.message === 'string' ? value.message : undefined;
}
