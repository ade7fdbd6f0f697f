import { Filter, GitCompareArrows, Mail, Repeat, Webhook } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { deliveryConditionMaxLength, type DeliverWhen, type DeliveryMethod } from '#shared/tasks/task.schema';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Textarea } from '../../../../components/ui/textarea';
import { ChoiceCards, type Choice } from './choice-cards';
import { useTaskFormContext } from './use-task-form';

const deliveryChoices: Choice<DeliveryMethod>[] = [
  { value: 'email', label: 'Email', description: 'Send each result to an inbox.', icon: Mail },
  { value: 'webhook', label: 'Webhook', description: 'POST each result to your URL.', icon: Webhook },
];

const deliverWhenChoices: Choice<DeliverWhen>[] = [
  { value: 'always', label: 'Every run', description: 'Deliver each result.', icon: Repeat },
  { value: 'changed', label: 'When it changes', description: 'Only a result that differs from the last one delivered.', icon: GitCompareArrows },
  { value: 'condition', label: 'When a condition is met', description: 'Only when the model answers your yes/no question with yes.', icon: Filter },
];

/**
 * Where results go. Switching the method clears the other method's address (spec section 4); coming back to e-mail
 * starts again from the user's own address, the default.
 */
export function DeliveryCard({ userEmail }: { userEmail: string }) {
  const {
    control,
    register,
    getValues,
    setValue,
    clearErrors,
    formState: { errors },
  } = useTaskFormContext();
  const deliveryMethod = useWatch({ control, name: 'deliveryMethod' });
  const deliverWhen = useWatch({ control, name: 'deliverWhen' });

  const switchMethod = (method: DeliveryMethod) => {
    if (method === 'email') {
      setValue('deliveryConfig.webhookUrl', '', { shouldDirty: true });
      if (!getValues('deliveryConfig.email')) setValue('deliveryConfig.email', userEmail, { shouldDirty: true });
    } else {
      setValue('deliveryConfig.email', '', { shouldDirty: true });
    }
    // The hidden field's complaint must not keep the form "invalid" after it is gone.
    clearErrors('deliveryConfig');
  };

  return (
    <Card aria-labelledby="task-delivery-title">
      <CardHeader titleId="task-delivery-title" title="Delivery Settings" description="Where each run's result goes." />
      <CardContent className="flex flex-col gap-6">
        <ChoiceCards
          id="task-delivery-method"
          legend="Delivery Method"
          choices={deliveryChoices}
          registration={register('deliveryMethod', { onChange: (event: { target: { value: DeliveryMethod } }) => switchMethod(event.target.value) })}
          error={errors.deliveryMethod?.message}
          className="sm:grid-cols-2"
        />

        {deliveryMethod === 'webhook' ? (
          <Field
            id="task-webhook-url"
            label="Webhook URL"
            hint="Each result is sent as a JSON POST, signed with this task's secret (Standard Webhooks), so your endpoint can check it came from Promptcron. The secret is on the task's page once it is saved."
            error={errors.deliveryConfig?.webhookUrl?.message}
          >
            {(fieldControl) => (
              <Input
                {...fieldControl}
                {...register('deliveryConfig.webhookUrl')}
                type="url"
                inputMode="url"
                placeholder="https://example.com/hooks/promptcron"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        ) : (
          <Field id="task-email" label="Email" hint="Results are sent to this address." error={errors.deliveryConfig?.email?.message}>
            {(fieldControl) => <Input {...fieldControl} {...register('deliveryConfig.email')} type="email" autoComplete="email" spellCheck={false} />}
          </Field>
        )}

        <ChoiceCards
          id="task-deliver-when"
          legend="Deliver"
          choices={deliverWhenChoices}
          registration={register('deliverWhen', { onChange: () => clearErrors('deliveryCondition') })}
          error={errors.deliverWhen?.message}
          className="sm:grid-cols-3"
        />

        {deliverWhen === 'condition' ? (
          <Field
            id="task-delivery-condition"
            label="Condition"
            hint="A yes/no question about the result. After each run the same model answers it; nothing is delivered on no. Failed runs still reach webhooks."
            error={errors.deliveryCondition?.message}
          >
            {(fieldControl) => (
              <Textarea {...fieldControl} {...register('deliveryCondition')} rows={2} maxLength={deliveryConditionMaxLength} placeholder="Does the text mention a price below 500 EUR?" />
            )}
          </Field>
        ) : null}
      </CardContent>
    </Card>
  );
}
