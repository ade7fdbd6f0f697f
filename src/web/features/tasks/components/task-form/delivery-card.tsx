import { Filter, GitCompareArrows, ListFilter, ListPlus, ListRestart, Repeat } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { deliversToUrl, deliveryConditionMaxLength, type DeliverWhen, type DeliveryMethod } from '#shared/tasks/task.schema';
import { TitledCard } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Textarea } from '#web/components/ui/textarea';
import { ChoiceCards, type Choice } from './choice-cards';
import { deliveryChoices, urlFields } from './delivery-method-texts';
import { blankRuleRow, itemFieldChoices, ruleErrorNames, ruleFieldChoices, ruleOfRow } from './delivery-rule-draft';
import { DeliveryRuleRows } from './delivery-rule-rows';
import { DestinationOnlyWhen, OtherDestinations, useRecheckDestinations } from './destination-rows';
import { ItemRuleFields } from './item-rule-fields';
import { SendTestMessage } from './send-test-message';
import { useTaskFormContext } from './use-task-form';

const deliverWhenChoices: Choice<DeliverWhen>[] = [
  { value: 'always', label: 'Every run', description: 'Deliver each result.', icon: Repeat },
  {
    value: 'changed',
    label: 'When it changes',
    description: 'Only a result that differs from the last one delivered.',
    icon: GitCompareArrows,
  },
  {
    value: 'condition',
    label: 'When a condition is met',
    description: 'Only when the model answers your yes/no question with yes.',
    icon: Filter,
  },
];

/**
 * The rules on a structured result's data (ADRs 0122, 0123): new and changed items for a list, rules on fields for
 * any structured result. Each stays offered while chosen, so a result that no longer fits shows the server's message.
 */
const dataRuleChoices = {
  new_items: { value: 'new_items', label: 'Only new items', description: 'Only the items not delivered before.', icon: ListPlus },
  changed_items: {
    value: 'changed_items',
    label: 'Only changed items',
    description: 'New items, and items whose watched fields changed.',
    icon: ListRestart,
  },
  rules: {
    value: 'rules',
    label: 'When rules on fields match',
    description: 'Checked on the result’s fields, with no tokens spent.',
    icon: ListFilter,
  },
} as const satisfies Partial<Record<DeliverWhen, Choice<DeliverWhen>>>;

/**
 * Where results go. Switching the method clears the other method's address (spec section 4), the URL too when moving
 * between webhook, Slack and Discord, since a URL made for one does not fit another; coming back to e-mail starts
 * again from the user's own address, the default.
 */
export function DeliveryCard({ userEmail }: { userEmail: string }) {
  const {
    control,
    register,
    getValues,
    setValue,
    clearErrors,
    trigger,
    formState: { errors },
  } = useTaskFormContext();
  const recheckDestinations = useRecheckDestinations();
  const deliveryMethod = useWatch({ control, name: 'deliveryMethod' });
  const deliverWhen = useWatch({ control, name: 'deliverWhen' });
  const outputSchema = useWatch({ control, name: 'outputSchema' });
  const itemFields = itemFieldChoices(outputSchema);
  const ruleFields = ruleFieldChoices(outputSchema);
  const choices = [
    ...deliverWhenChoices,
    ...(itemFields || deliverWhen === 'new_items' ? [dataRuleChoices.new_items] : []),
    ...(itemFields || deliverWhen === 'changed_items' ? [dataRuleChoices.changed_items] : []),
    ...(outputSchema || deliverWhen === 'rules' ? [dataRuleChoices.rules] : []),
  ];

  // A result whose fields change under a data rule is checked again, so a key or rule it no longer fits says so.
  const checkedSchema = useRef(outputSchema);
  useEffect(() => {
    if (checkedSchema.current === outputSchema) return;
    checkedSchema.current = outputSchema;
    const { deliverWhen: rule, itemKey } = getValues();
    if (rule === 'rules') void trigger(['deliverWhen', ...ruleErrorNames(getValues('deliveryRules')?.rules.length ?? 0)]);
    else if (rule === 'new_items' || rule === 'changed_items')
      void trigger(['deliverWhen', ...(itemKey ? (['itemKey'] as const) : []), 'watchedFields']);
  }, [outputSchema, getValues, trigger]);

  const chooseDeliverWhen = (value: DeliverWhen) => {
    clearErrors(['deliveryCondition', 'itemKey', 'watchedFields', 'deliveryRules']);
    // Rules start with one row on the result's first field, ready to be filled in.
    if (value === 'rules' && !getValues('deliveryRules') && ruleFields.length > 0) {
      setValue('deliveryRules', { match: 'all', rules: [ruleOfRow(blankRuleRow(ruleFields), ruleFields)] }, { shouldDirty: true });
    }
  };

  const switchMethod = (method: DeliveryMethod) => {
    if (method === 'email') {
      setValue('deliveryConfig.webhookUrl', '', { shouldDirty: true });
      if (!getValues('deliveryConfig.email')) setValue('deliveryConfig.email', userEmail, { shouldDirty: true });
    } else {
      setValue('deliveryConfig.email', '', { shouldDirty: true });
      setValue('deliveryConfig.webhookUrl', '', { shouldDirty: true });
    }
    // The hidden field's complaint must not keep the form "invalid" after it is gone.
    clearErrors('deliveryConfig');
    recheckDestinations();
  };

  return (
    <TitledCard title="Delivery Settings" description="Where each run's result goes." contentClassName="flex flex-col gap-6">
      <ChoiceCards
        id="task-delivery-method"
        legend="Delivery Method"
        choices={deliveryChoices}
        registration={register('deliveryMethod', {
          onChange: (event: { target: { value: DeliveryMethod } }) => switchMethod(event.target.value),
        })}
        error={errors.deliveryMethod?.message}
        className="sm:grid-cols-2 xl:grid-cols-4"
      />

      {deliversToUrl(deliveryMethod) ? (
        <Field
          id="task-webhook-url"
          label={urlFields[deliveryMethod].label}
          hint={urlFields[deliveryMethod].hint}
          error={errors.deliveryConfig?.webhookUrl?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              {...register('deliveryConfig.webhookUrl', { onChange: recheckDestinations })}
              type="url"
              inputMode="url"
              placeholder={urlFields[deliveryMethod].placeholder}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
      ) : (
        <Field id="task-email" label="Email" hint="Results are sent to this address." error={errors.deliveryConfig?.email?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              {...register('deliveryConfig.email', { onChange: recheckDestinations })}
              type="email"
              autoComplete="email"
              spellCheck={false}
            />
          )}
        </Field>
      )}

      <DestinationOnlyWhen index={0} idPrefix="task-destination-first" />

      <SendTestMessage />

      <OtherDestinations />

      <ChoiceCards
        id="task-deliver-when"
        legend="Deliver"
        choices={choices}
        registration={register('deliverWhen', {
          onChange: (event: { target: { value: DeliverWhen } }) => chooseDeliverWhen(event.target.value),
        })}
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
            <Textarea
              {...fieldControl}
              {...register('deliveryCondition')}
              rows={2}
              maxLength={deliveryConditionMaxLength}
              placeholder="Does the text mention a price below 500 EUR?"
            />
          )}
        </Field>
      ) : null}

      {(deliverWhen === 'new_items' || deliverWhen === 'changed_items') && itemFields ? <ItemRuleFields itemFields={itemFields} /> : null}
      {deliverWhen === 'rules' ? <DeliveryRuleRows fields={ruleFields} /> : null}
    </TitledCard>
  );
}
