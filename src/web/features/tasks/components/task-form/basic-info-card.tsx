import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { useTaskFormContext } from './use-task-form';

/** Name and description: how the task shows up in lists, e-mails and webhooks. */
export function BasicInfoCard() {
  const {
    register,
    formState: { errors },
  } = useTaskFormContext();

  return (
    <TitledCard title="Basic Information" description="Name the task so you can tell it apart later.">
      <Field id="task-name" label="Task Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} placeholder="Morning news briefing" autoComplete="off" required />}
      </Field>
      <Field id="task-description" label="Description" hint="Optional: what the task is for." error={errors.description?.message}>
        {(control) => <Textarea {...control} {...register('description')} rows={3} />}
      </Field>
    </TitledCard>
  );
}
