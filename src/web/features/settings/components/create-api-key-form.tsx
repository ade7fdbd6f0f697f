import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiKeyMessages, approveAgentTasksLabel, createApiKeyInputSchema, type CreateApiKeyInput } from '#shared/api-keys/api-key.schema';
import { Field } from '#web/components/ui/field';
import { Input, inputClassName } from '#web/components/ui/input';
import { instantOf, parseDate, todayIn } from '#shared/time/zoned-time';
import { readerTimeZone } from '#web/lib/date-time';
import { serverFieldErrors } from '#web/lib/form-errors';
import { toastError } from '#web/lib/toast';
import { useCreateApiKey } from '../api/create-api-key';
import { CreatedApiKeyDialog } from './created-api-key-dialog';
import { SettingsFormCard } from './settings-form-card';

/** The moment a key chosen to expire on `day` (`YYYY-MM-DD`, the date input's value) stops working: 23:59:59.999 that day in the reader's zone. */
function endOfLocalDay(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return new Date(Number.NaN);
  // 23:59 in the zone the hint names, to the last millisecond of that minute.
  return new Date(instantOf({ ...parseDate(day), hour: 23, minute: 59 }, readerTimeZone()).getTime() + 59_999);
}

/** Today as the date input writes it, in the reader's zone: the earliest day a key may expire on. */
function localToday(): string {
  return todayIn(readerTimeZone());
}

/**
 * The shared input's name and scope rules, with the expiry as the calendar day the form asks for; `toInput` turns
 * that day into the instant the API stores.
 */
const apiKeyFormSchema = createApiKeyInputSchema.pick({ name: true, scope: true, approveAgentTasks: true }).extend({
  expiresOn: z.string().refine((day) => day === '' || endOfLocalDay(day).getTime() > Date.now(), apiKeyMessages.expiresAt),
});

type ApiKeyFormValues = z.input<typeof apiKeyFormSchema>;

function toInput({ name, scope, expiresOn, approveAgentTasks }: z.output<typeof apiKeyFormSchema>): CreateApiKeyInput {
  return { name, scope, approveAgentTasks, expiresAt: expiresOn === '' ? null : endOfLocalDay(expiresOn).toISOString() };
}

// Least privilege first: a key that only reads cannot change anything if it leaks.
// Tasks an agent makes wait for their owner unless the owner says otherwise (ADR 0125).
const emptyValues: ApiKeyFormValues = { name: '', scope: 'read', expiresOn: '', approveAgentTasks: true };

/** Which form field shows a server field error; the API names the expiry `expiresAt`, the form asks for a day. */
const formFieldOf: Record<string, keyof ApiKeyFormValues> = { name: 'name', scope: 'scope', expiresAt: 'expiresOn' };

/** Settings → API Keys: name a key, choose what it may do and until when; the new key is then shown once. */
export function CreateApiKeyForm() {
  const createApiKey = useCreateApiKey();
  const form = useForm({ resolver: zodResolver(apiKeyFormSchema), defaultValues: emptyValues });
  const { errors } = form.formState;
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const onSubmit = form.handleSubmit((values) => {
    createApiKey.mutate(toInput(values), {
      onSuccess: ({ key }) => {
        form.reset(emptyValues);
        setCreatedKey(key);
      },
      onError: (error) => {
        const fields = Object.entries(serverFieldErrors(error)).flatMap(([field, message]) => {
          const formField = formFieldOf[field];
          return formField ? [[formField, message] as const] : [];
        });
        fields.forEach(([field, message], index) => form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
        toastError('Error creating API key', error, 'There was an error creating the API key. Please try again.');
      },
    });
  });

  // The dialog renders in a portal, so beside the card is the same page as inside it.
  return (
    <>
      <SettingsFormCard
        title="Create API Key"
        description="Call the Promptcron API from scripts and other services with a key instead of your password."
        onSubmit={onSubmit}
        submitLabel="Create API Key"
        busyLabel="Creating..."
        busy={createApiKey.isPending}
        submitRef={submitRef}
      >
        <Field id="api-key-name" label="Name" hint="What the key is for, so you recognise it later." error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register('name')} placeholder="e.g. Deploy script" autoComplete="off" />}
        </Field>
        <Field
          id="api-key-scope"
          label="Scope"
          hint={
            <>
              <span className="block">Read: view tasks, runs and the dashboard (GET requests only).</span>
              <span className="block">Write: also create, change, run and delete tasks.</span>
            </>
          }
          error={errors.scope?.message}
        >
          {(control) => (
            <select {...control} {...form.register('scope')} className={inputClassName}>
              <option value="read">Read</option>
              <option value="write">Write</option>
            </select>
          )}
        </Field>
        <Field
          id="api-key-expires"
          label="Expires (optional)"
          hint={`The key stops working at the end of that day, 23:59 in your time zone (${readerTimeZone()}). Leave empty for a key that does not expire.`}
          error={errors.expiresOn?.message}
        >
          {(control) => <Input {...control} {...form.register('expiresOn')} type="date" min={localToday()} className="sm:max-w-56" />}
        </Field>
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <input type="checkbox" {...form.register('approveAgentTasks')} className="size-4 rounded border-slate-300 accent-indigo-600" />
            {approveAgentTasksLabel}
          </label>
          <p className="text-sm text-slate-600">
            A task an AI assistant creates with this key through MCP starts paused until you approve it on its page. Scripts using the REST
            API or the command line are not held.
          </p>
        </div>
      </SettingsFormCard>
      <CreatedApiKeyDialog apiKey={createdKey} onClose={() => setCreatedKey(null)} returnFocusTo={() => submitRef.current} />
    </>
  );
}
