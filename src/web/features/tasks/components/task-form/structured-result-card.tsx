import * as Label from '@radix-ui/react-label';
import { clsx } from 'clsx';
import { ChevronDown, CircleAlert, Info } from 'lucide-react';
import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { outputSchemaOfShape, shapeOfOutputSchema, type JsonSchemaObject } from '#shared/tasks/output-schema';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Switch } from '#web/components/ui/switch';
import { Textarea } from '#web/components/ui/textarea';
import { OutputFieldRows } from './output-field-rows';
import {
  blankFieldRow,
  draftOfShape,
  draftProblems,
  firstDraftProblem,
  firstErrorMessage,
  shapeOfDraft,
  type OutputShapeDraft,
} from './output-shape-draft';
import { useTaskFormContext } from './use-task-form';

/** The type of the error the form gives the editor's problem (see `onEditorProblem`). */
export const editorProblemType = 'editor';

export const structuredResultTexts = {
  notJson: 'This is not valid JSON.',
  notAnObject: 'The output schema must be a JSON object.',
  editedAsJson: 'This schema is edited as JSON.',
} as const;

const kinds = [
  { value: 'list', label: 'A list of items' },
  { value: 'record', label: 'A single record' },
] as const;

const asJson = (schema: unknown) => JSON.stringify(schema, null, 2);
const isObject = (value: unknown): value is JsonSchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

type StructuredResultCardProps = {
  /**
   * Told the first reason the editor's fields cannot be saved (a bad name, a one-of without choices, JSON that does
   * not parse), or undefined: those rules are the editor's, not the schema's, so the form adds them to its own.
   */
  onEditorProblem: (problem: string | undefined) => void;
};

/**
 * Whether runs answer in free text or as data, and the fields of that data (ADR 0119): a list of items or a single
 * record described in a small field editor, or any schema within the limits as raw JSON under "Advanced". Every
 * change writes the task's `outputSchema`; a schema the editor cannot show is edited as JSON only.
 */
export function StructuredResultCard({ onEditorProblem }: StructuredResultCardProps) {
  const {
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useTaskFormContext();
  const [saved] = useState(() => getValues('outputSchema') ?? null);
  const [enabled, setEnabled] = useState(saved !== null);
  const savedShape = saved && shapeOfOutputSchema(saved);
  const [draft, setDraft] = useState<OutputShapeDraft>(() =>
    savedShape ? draftOfShape(savedShape) : { kind: 'list', rows: [blankFieldRow()] },
  );
  // The schema last written from the JSON, while the editor cannot show it; null while the editor holds the fields.
  const [jsonOnly, setJsonOnly] = useState<JsonSchemaObject | null>(saved && !savedShape ? saved : null);
  const [json, setJson] = useState(() => asJson(saved ?? outputSchemaOfShape(shapeOfDraft(draft))));
  const [jsonProblem, setJsonProblem] = useState<string | undefined>();
  const [advanced, setAdvanced] = useState(jsonOnly !== null);

  const write = (schema: JsonSchemaObject | null, problem: string | undefined) => {
    onEditorProblem(problem);
    setValue('outputSchema', schema, { shouldDirty: true, shouldValidate: true });
  };

  const changeDraft = (next: OutputShapeDraft) => {
    const schema = outputSchemaOfShape(shapeOfDraft(next));
    setDraft(next);
    setJsonOnly(null);
    setJson(asJson(schema));
    setJsonProblem(undefined);
    write(schema, firstDraftProblem(next));
  };

  const changeJson = (text: string) => {
    setJson(text);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const problem = parsed === undefined ? structuredResultTexts.notJson : isObject(parsed) ? undefined : structuredResultTexts.notAnObject;
    setJsonProblem(problem);
    if (!isObject(parsed)) return onEditorProblem(problem);
    const shape = shapeOfOutputSchema(parsed);
    const next = shape && draftOfShape(shape);
    if (next) setDraft(next);
    setJsonOnly(next ? null : parsed);
    write(parsed, next ? firstDraftProblem(next) : undefined);
  };

  const toggle = (on: boolean) => {
    setEnabled(on);
    if (on) write(jsonOnly ?? outputSchemaOfShape(shapeOfDraft(draft)), jsonProblem ?? (jsonOnly ? undefined : firstDraftProblem(draft)));
    else write(null, undefined);
    // Whether the models can answer as data depends on this switch, and their messages stand under them.
    void trigger(['model', 'fallback']);
  };

  const problems = draftProblems(draft);
  // The editor's own problems stand under the rows or the JSON they are about.
  // One error for the whole schema (see TaskForm's resolver); react-hook-form types it as a record of errors.
  const schemaError =
    (errors.outputSchema as FieldError | undefined)?.type === editorProblemType ? undefined : firstErrorMessage(errors.outputSchema);
  const cardError = schemaError ?? (jsonOnly ? undefined : problems.whole);

  return (
    <TitledCard title="Structured result" description="Free text, or data in fields you name that every answer must fill in.">
      <div className="flex items-center justify-between gap-6">
        <div className="flex min-w-0 flex-col gap-0.5">
          <Label.Root htmlFor="task-structured" className="text-sm font-medium text-slate-900">
            Return results as data
          </Label.Root>
          <p id="task-structured-description" className="text-sm text-slate-600">
            Off: the model answers in free text.
          </p>
        </div>
        <Switch
          id="task-structured"
          checked={enabled}
          onCheckedChange={toggle}
          aria-describedby="task-structured-description"
          aria-controls={enabled ? 'task-structured-settings' : undefined}
        />
      </div>

      {enabled ? (
        <div id="task-structured-settings" className="flex flex-col gap-5">
          {jsonOnly ? (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              {structuredResultTexts.editedAsJson}
            </p>
          ) : (
            <>
              <fieldset>
                <legend className="text-sm font-medium text-slate-900">Each answer is</legend>
                <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:gap-6">
                  {kinds.map((kind) => (
                    <label key={kind.value} className="flex items-center gap-2 text-sm text-slate-900">
                      <input
                        type="radio"
                        name="task-structured-kind"
                        value={kind.value}
                        checked={draft.kind === kind.value}
                        onChange={() => changeDraft({ ...draft, kind: kind.value })}
                        className="size-4 shrink-0 cursor-pointer accent-indigo-600"
                      />
                      {kind.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <OutputFieldRows
                rows={draft.rows}
                onChange={(rows) => changeDraft({ ...draft, rows })}
                problems={problems}
                showAll={isSubmitted}
              />
            </>
          )}

          <div className="flex flex-col gap-3">
            <button
              type="button"
              aria-expanded={advanced}
              aria-controls={advanced ? 'task-structured-json' : undefined}
              onClick={() => setAdvanced(!advanced)}
              className="flex items-center gap-2 self-start rounded text-sm font-medium text-indigo-700 hover:text-indigo-800"
            >
              <ChevronDown
                aria-hidden="true"
                className={clsx('size-4 transition-transform motion-reduce:transition-none', advanced && 'rotate-180')}
              />
              Advanced: edit as JSON Schema
            </button>
            {advanced ? (
              <div id="task-structured-json">
                <Field
                  id="task-output-schema-json"
                  label="JSON Schema"
                  hint="An object at the root; changes here replace the fields above where the editor can show them."
                  error={jsonProblem}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      value={json}
                      onChange={(event) => changeJson(event.target.value)}
                      rows={12}
                      spellCheck={false}
                      className="font-mono text-xs"
                    />
                  )}
                </Field>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}

      {enabled && cardError ? (
        <p role="alert" className="flex items-start gap-1.5 text-sm text-red-600">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {cardError}
        </p>
      ) : null}
    </TitledCard>
  );
}
