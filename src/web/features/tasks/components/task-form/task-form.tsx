import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, type FieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '#web/lib/toast';
import { temperatureRange, type ParsedTaskInput, type TaskInput } from '#shared/tasks/task.schema';
import { Button, buttonClassName } from '#web/components/ui/button';
import { BasicInfoCard } from './basic-info-card';
import { BudgetCard } from './budget-card';
import { DeliveryCard } from './delivery-card';
import { ModelCard } from './model-card';
import { PromptCard } from './prompt-card';
import { RunPolicyCard } from './run-policy-card';
import { ScheduleCard } from './schedule-card';
import { firstErrorMessage } from './output-shape-draft';
import { showServerFieldErrors } from './server-field-errors';
import { editorProblemType, StructuredResultCard } from './structured-result-card';
import { taskFormSchema, toTaskInput, type TaskFormValues } from './task-form-values';

const taskFormResolver = zodResolver(taskFormSchema);

/**
 * The shared schema's verdict, with the output schema's problems as one message at `outputSchema` (its issues sit at
 * paths inside the schema, which react-hook-form drops while checking the one field), and the field editor's problem
 * when it has one: its rules (names, choices, JSON that parses) are not in the schema it writes, yet a task must not
 * be saved past them (ADR 0119).
 */
function taskFormValidation() {
  let editorProblem: string | undefined;
  const resolver: Resolver<TaskFormValues, unknown, ParsedTaskInput> = async (values, context, options) => {
    const result = await taskFormResolver(values, context, options);
    const errors = withFirstDestinationAtShorthand(result.errors);
    const schemaProblem = firstErrorMessage(errors.outputSchema);
    const message = schemaProblem ?? editorProblem;
    if (!message) return errors === result.errors ? result : { values: {}, errors };
    const outputSchema: FieldError = { type: schemaProblem ? 'schema' : editorProblemType, message };
    // react-hook-form types the errors of a record field as a record of errors, leaving no room for its own.
    return { values: {}, errors: { ...errors, outputSchema: outputSchema as FieldErrors<TaskFormValues>['outputSchema'] } };
  };
  const setEditorProblem = (problem: string | undefined) => {
    editorProblem = problem;
  };
  return { resolver, setEditorProblem };
}

/**
 * The first destination is the method and address at the top of the delivery card (ADR 0127): its problems, which the
 * schema names `destinations.0.config.…` once the task sends its list, show under that address.
 */
function withFirstDestinationAtShorthand(errors: FieldErrors<TaskFormValues>): FieldErrors<TaskFormValues> {
  const first = errors.destinations?.[0]?.config;
  if (!first) return errors;
  return { ...errors, deliveryConfig: { ...first, ...errors.deliveryConfig } };
}

const labels = {
  create: { submit: 'Create Task', busy: 'Creating...' },
  edit: { submit: 'Update Task', busy: 'Updating...' },
} as const;

type TaskFormProps = {
  mode: 'create' | 'edit';
  defaultValues: TaskFormValues;
  /** The signed-in user's address, filled in again when e-mail delivery is chosen after webhook. */
  userEmail: string;
  /**
   * Sends the task (its time local, as the API stores it). The caller shows the outcome; a rejection carrying the server's field
   * errors puts them under their fields.
   */
  onSubmit: (input: TaskInput) => Promise<void>;
  /** Where Cancel goes. */
  cancelTo: string;
  /** The task's latest completed result, for `{{last_result}}` in the prompt's preview; none for a new task. */
  lastResult?: string | null;
};

/** The create and edit form of a task (spec section 2, "Task form"), validated on every change with the shared schema. */
export function TaskForm({ mode, defaultValues, userEmail, onSubmit, cancelTo, lastResult = null }: TaskFormProps) {
  const [{ resolver, setEditorProblem }] = useState(taskFormValidation);
  const form = useForm<TaskFormValues, unknown, ParsedTaskInput>({
    resolver,
    mode: 'onChange',
    defaultValues,
  });
  const { errors, isSubmitted, isSubmitting } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  // Settings that differ from the defaults are shown, not hidden behind a closed switch.
  const [advanced, setAdvanced] = useState(
    () => defaultValues.prompt.temperature !== temperatureRange.default || defaultValues.prompt.searchEnabled,
  );

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(toTaskInput(values));
      } catch (error) {
        showServerFieldErrors(form, error);
      }
    },
    () => toast.error('Validation Error', { description: 'Please check the form for errors.' }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <BasicInfoCard />
          <ModelCard />
        </div>
        <ScheduleCard />
        <PromptCard advanced={advanced} onAdvancedChange={setAdvanced} lastResult={lastResult} />
        <StructuredResultCard onEditorProblem={setEditorProblem} />
        <DeliveryCard userEmail={userEmail} />
        <BudgetCard />
        <RunPolicyCard />

        {isSubmitted && hasErrors ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Please fix the validation errors before submitting.
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={cancelTo} className={buttonClassName({ variant: 'secondary' })}>
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? labels[mode].busy : labels[mode].submit}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
