import { Controller, useWatch } from 'react-hook-form';
import { findModel, type ProviderId } from '#shared/tasks/catalog';
import type { CatalogProvider } from '#shared/tasks/catalog.schema';
import { Field } from '#web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger } from '#web/components/ui/select';
import { useTaskFormContext } from './use-task-form';

/** The select's value for no fallback: Radix keeps the empty string for "nothing chosen". */
const none = 'none';

const valueOf = (fallback: { provider: string; model: string } | null | undefined) =>
  fallback ? `${fallback.provider}:${fallback.model}` : none;

/**
 * The model tried once when the task's own cannot answer now (ADR 0121): none, or any model of an enabled provider but
 * the task's own. One select rather than a provider and a model, since most tasks name none.
 */
export function FallbackModelField({ providers }: { providers: CatalogProvider[] }) {
  const {
    control,
    formState: { errors },
  } = useTaskFormContext();
  const [providerId, modelId] = useWatch({ control, name: ['provider', 'model'] });
  const fallbackErrors = errors.fallback;
  const error = fallbackErrors?.message ?? fallbackErrors?.model?.message ?? fallbackErrors?.provider?.message;

  return (
    <Field
      id="task-fallback"
      label="Fallback model"
      hint="Tried once when the model fails with a server error, a rate limit or a timeout."
      error={error}
    >
      {(fieldControl) => (
        <Controller
          control={control}
          name="fallback"
          render={({ field }) => {
            const chosen = field.value ? findModel(field.value.provider, field.value.model) : undefined;
            return (
              <Select
                name={field.name}
                value={field.value && !chosen ? '' : valueOf(field.value)}
                onValueChange={(value) => {
                  const [provider, ...model] = value.split(':');
                  field.onChange(value === none ? null : { provider: provider as ProviderId, model: model.join(':') });
                }}
              >
                <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur} placeholder="Select a fallback model" />
                <SelectContent>
                  <SelectItem value={none}>None</SelectItem>
                  {providers
                    .filter((provider) => provider.enabled)
                    .flatMap((provider) =>
                      provider.models
                        // The task's own is no fallback; still listed while chosen, so the select shows what the error is about.
                        .filter(
                          (model) =>
                            !(provider.id === providerId && model.id === modelId) || valueOf(field.value) === `${provider.id}:${model.id}`,
                        )
                        .map((model) => (
                          <SelectItem key={`${provider.id}:${model.id}`} value={`${provider.id}:${model.id}`}>
                            {`${provider.name} · ${model.name}`}
                          </SelectItem>
                        )),
                    )}
                </SelectContent>
              </Select>
            );
          }}
        />
      )}
    </Field>
  );
}
