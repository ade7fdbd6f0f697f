import { Braces } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { promptVariables, promptVariableValues, renderPrompt } from '#shared/tasks/prompt-variables';
import { upcomingRuns } from './task-form-values';
import { useScheduleFields } from './use-schedule-fields';
import { useTaskFormContext } from './use-task-form';

type PromptPreviewProps = {
  /** The result of the task's latest completed run (`{{last_result}}`); null for a new task or one that never completed. */
  lastResult: string | null;
};

/**
 * The variables a prompt may use, and the prompt as the next run would send it: the schedule's next fire time in the
 * task's zone (now, while the schedule is incomplete), rendered by the engine's own renderer (shared/tasks).
 */
export function PromptPreview({ lastResult }: PromptPreviewProps) {
  const { control } = useTaskFormContext();
  const [input, name] = useWatch({ control, name: ['prompt.input', 'name'] });
  const fields = useScheduleFields();
  const now = new Date();
  const next = upcomingRuns(fields, now, 1)[0]?.at ?? now;
  const preview = renderPrompt(
    input ?? '',
    promptVariableValues({ at: next, timeZone: fields.timezone, taskName: name ?? '', lastResult }),
  );

  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby="task-variables-title" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        <h3 id="task-variables-title" className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <Braces aria-hidden="true" className="size-4 text-indigo-600" />
          Variables
        </h3>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {promptVariables.map((variable) => (
            <div key={variable.name} className="contents">
              <dt>
                <code className="rounded bg-white px-1 font-mono text-xs text-slate-900">{`{{${variable.name}}}`}</code>
              </dt>
              <dd className="text-slate-600">{variable.description}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Write <code className="font-mono">{'\\{{'}</code> for literal braces.
        </p>
      </section>
      {input?.trim() ? (
        <section aria-labelledby="task-prompt-preview-title" className="flex flex-col gap-1">
          <h3 id="task-prompt-preview-title" className="text-sm font-medium text-slate-900">
            Preview of the next run’s prompt
          </h3>
          <p
            data-testid="prompt-preview"
            className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-800"
          >
            {preview}
          </p>
        </section>
      ) : null}
    </div>
  );
}
