import * as Label from '@radix-ui/react-label';
import { Info } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { findModel } from '#shared/tasks/catalog';
import { temperatureRange } from '#shared/tasks/task.schema';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Switch } from '#web/components/ui/switch';
import { Textarea } from '#web/components/ui/textarea';
import { PromptPreview } from './prompt-preview';
import { useTaskFormContext } from './use-task-form';

type PromptCardProps = {
  advanced: boolean;
  onAdvancedChange: (open: boolean) => void;
  /** For `{{last_result}}` in the preview. */
  lastResult: string | null;
};

/**
 * The prompt, and behind "Advanced Prompt Settings" the temperature and web search. Each shows only where the chosen
 * model supports it: some models accept only their default temperature, and not every model can search the web.
 */
export function PromptCard({ advanced, onAdvancedChange, lastResult }: PromptCardProps) {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useTaskFormContext();
  const [providerId, modelId, temperature] = useWatch({ control, name: ['provider', 'model', 'prompt.temperature'] });
  const model = findModel(providerId, modelId);

  const toggleAdvanced = (open: boolean) => {
    // Off means the defaults: settings that are out of sight should not quietly shape every run.
    if (!open) {
      setValue('prompt.temperature', temperatureRange.default, { shouldDirty: true, shouldValidate: true });
      setValue('prompt.searchEnabled', false, { shouldDirty: true });
    }
    onAdvancedChange(open);
  };

  return (
    <TitledCard title="AI Prompt" description="What the AI should do on every run.">
      <Field
        id="task-prompt"
        label="Prompt"
        hint="Be specific: the same prompt runs unattended every time. At least 10 characters."
        error={errors.prompt?.input?.message}
      >
        {(fieldControl) => (
          <Textarea
            {...fieldControl}
            {...register('prompt.input')}
            rows={6}
            placeholder="Summarise the three most important technology news stories of the last 24 hours in a few bullet points."
          />
        )}
      </Field>

      <PromptPreview lastResult={lastResult} />

      <div className="flex items-center justify-between gap-6">
        <div className="flex min-w-0 flex-col gap-0.5">
          <Label.Root htmlFor="task-advanced" className="text-sm font-medium text-slate-900">
            Advanced Prompt Settings
          </Label.Root>
          <p id="task-advanced-description" className="text-sm text-slate-600">
            Temperature and web search. Off uses the defaults.
          </p>
        </div>
        <Switch
          id="task-advanced"
          checked={advanced}
          onCheckedChange={toggleAdvanced}
          aria-describedby="task-advanced-description"
          aria-controls={advanced ? 'task-advanced-settings' : undefined}
        />
      </div>

      {advanced ? (
        <div id="task-advanced-settings" className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-slate-50/60 p-4">
          {model?.fixedTemperature ? (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              Temperature: {model.name} always uses its default temperature, so it cannot be changed.
            </p>
          ) : (
            <Field
              id="task-temperature"
              label="Temperature"
              hint="Lower is more focused and repeatable, higher more varied. From 0 to 2; the default is 1."
              error={errors.prompt?.temperature?.message}
            >
              {(fieldControl) => (
                <div className="flex items-center gap-4">
                  <input
                    {...fieldControl}
                    {...register('prompt.temperature', { valueAsNumber: true })}
                    type="range"
                    min={temperatureRange.min}
                    max={temperatureRange.max}
                    step={temperatureRange.step}
                    className="h-10 min-w-0 flex-1 accent-indigo-600"
                  />
                  <output htmlFor="task-temperature" className="w-8 text-right text-sm font-medium text-slate-900 tabular-nums">
                    {Number(temperature).toFixed(1)}
                  </output>
                </div>
              )}
            </Field>
          )}

          {model?.webSearch ? (
            <div className="flex items-center justify-between gap-6">
              <div className="flex min-w-0 flex-col gap-0.5">
                <Label.Root htmlFor="task-web-search" className="text-sm font-medium text-slate-900">
                  Web Search
                </Label.Root>
                <p id="task-web-search-description" className="text-sm text-slate-600">
                  Let the model search the web for current information while answering.
                </p>
              </div>
              <Controller
                control={control}
                name="prompt.searchEnabled"
                render={({ field }) => (
                  <Switch
                    id="task-web-search"
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    aria-describedby="task-web-search-description"
                  />
                )}
              />
            </div>
          ) : (
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              Web search: {model ? `${model.name} cannot search the web.` : 'choose a model first.'}
            </p>
          )}
        </div>
      ) : null}
    </TitledCard>
  );
}
