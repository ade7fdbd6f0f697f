import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { useTaskFormContext } from './use-task-form';

/**
 * Name and description: how the task shows up in lists, e-mails and webhooks; and its optional key (ADR 0126), what a
 * tasks file and the command line know it by.
 */
export function BasicInfoCard() {
  const {
    register,
    formState: { errors, defaultValues },
  } = useTaskFormContext();
  // Emptied, a saved key becomes null, which removes it; a task that had none sends none (PUT keeps an absent key).
  const savedKey = Boolean(defaultValues?.key);

  return (
    <TitledCard title="Basic Information" description="Name the task so you can tell it apart later.">
      <Field id="task-name" label="Task Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} placeholder="Morning news briefing" autoComplete="off" required />}
      </Field>
      <Field id="task-description" label="Description" hint="Optional: what the task is for." error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} rows={3} />}
      </Field>
      <Field
        id="task-key"
        label="Key"
        hint="Optional: a unique name for this task in tasks files and the command line, such as morning-brief."
        error={errors.key?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('key', { setValueAs: (value: string) => (value === '' ? (savedKey ? null : undefined) : value) })}
            placeholder="morning-brief"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono sm:max-w-sm"
          />
        )}
      </Field>
    </TitledCard>
  );
}
