import { Globe } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { findModel, providerCatalog, type ProviderId } from '#shared/tasks/catalog';
import type { CatalogProvider } from '#shared/tasks/catalog.schema';
import { Badge } from '#web/components/ui/badge';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger } from '#web/components/ui/select';
import { useCatalog } from '../../api/get-catalog';
import { FallbackModelField } from './fallback-model-field';
import { useTaskFormContext } from './use-task-form';

type OfferedProviders = { providers: CatalogProvider[]; loading: boolean; unchecked: boolean };

/**
 * The providers to offer: the server's word once it has answered. Until then the static catalogue stands in with the
 * select disabled; if the server cannot be asked, only the provider that is always enabled is offered (spec section 3),
 * and the server still refuses a provider without a key.
 */
function useOfferedProviders(): OfferedProviders {
  const catalog = useCatalog();
  if (catalog.isSuccess) return { providers: catalog.data, loading: false, unchecked: false };
  const providers = providerCatalog.map((provider) => {
    const enabled = catalog.isPending || provider.id === 'openai';
    return { ...provider, enabled, disabledReason: enabled ? null : 'availability unknown' };
  });
  return { providers, loading: catalog.isPending, unchecked: catalog.isError };
}

/** The AI provider and model. Picking a provider picks its default model; a model without web search turns it off. */
export function ModelCard() {
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useTaskFormContext();
  const { providers, loading, unchecked } = useOfferedProviders();
  const providerId = useWatch({ control, name: 'provider' });
  const modelId = useWatch({ control, name: 'model' });
  const provider = providers.find((entry) => entry.id === providerId);
  const model = findModel(providerId, modelId);

  // Spec section 4: web search resets to off when the selected model lacks it.
  const afterModelChange = (nextProvider: string, nextModel: string) => {
    if (!findModel(nextProvider, nextModel)?.webSearch && getValues('prompt.searchEnabled')) {
      setValue('prompt.searchEnabled', false, { shouldDirty: true });
    }
  };

  const providerHint = loading
    ? 'Checking which providers are available...'
    : unchecked
      ? 'Could not check which providers are available, so only OpenAI is offered.'
      : provider && !provider.enabled
        ? `${provider.name} ${provider.disabledReason ?? 'is not available'}. Choose another provider.`
        : undefined;

  return (
    <TitledCard title="AI Model" description="Which AI answers the prompt on every run.">
      <Field id="task-provider" label="Provider" hint={providerHint} error={errors.provider?.message}>
        {(fieldControl) => (
          <Controller
            control={control}
            name="provider"
            render={({ field }) => (
              <Select
                name={field.name}
                // A provider the catalogue lacks shows the placeholder, and the schema asks for a provider.
                value={provider ? field.value : ''}
                disabled={loading}
                onValueChange={(value) => {
                  const next = providers.find((entry) => entry.id === value);
                  field.onChange(value as ProviderId);
                  if (!next) return;
                  setValue('model', next.defaultModel, { shouldDirty: true, shouldValidate: true });
                  afterModelChange(next.id, next.defaultModel);
                }}
              >
                <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur} placeholder="Select a provider" />
                <SelectContent>
                  {providers.map((entry) => (
                    <SelectItem
                      key={entry.id}
                      value={entry.id}
                      disabled={!entry.enabled}
                      adornment={
                        entry.enabled ? null : <span className="text-xs text-slate-500">{entry.disabledReason ?? 'not available'}</span>
                      }
                    >
                      {entry.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>

      <Field
        id="task-model"
        label="Model"
        hint={
          model ? (model.webSearch ? 'This model can search the web while answering.' : 'This model cannot search the web.') : undefined
        }
        error={errors.model?.message}
      >
        {(fieldControl) => (
          <Controller
            control={control}
            name="model"
            render={({ field }) => (
              <Select
                name={field.name}
                // An id this provider does not have shows the placeholder, and the schema asks for a model.
                value={model ? field.value : ''}
                onValueChange={(value) => {
                  field.onChange(value);
                  afterModelChange(providerId, value);
                }}
              >
                <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur} placeholder="Select a model" />
                <SelectContent>
                  {(provider?.models ?? []).map((entry) => (
                    <SelectItem
                      key={entry.id}
                      value={entry.id}
                      adornment={
                        entry.isNew || entry.webSearch ? (
                          <>
                            {entry.isNew ? <Badge>New</Badge> : null}
                            {entry.webSearch ? (
                              <Badge tone="slate">
                                <Globe aria-hidden="true" className="size-3" />
                                Web search
                              </Badge>
                            ) : null}
                          </>
                        ) : null
                      }
                    >
                      {entry.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </Field>

      <FallbackModelField providers={providers} />
    </TitledCard>
  );
}
