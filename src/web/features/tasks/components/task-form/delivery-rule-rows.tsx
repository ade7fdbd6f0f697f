import { useWatch } from 'react-hook-form';
import type { DeliveryRules } from '#shared/tasks/delivery-rules';
import { ruleErrorNames, type RuleFieldChoice } from './delivery-rule-draft';
import { FieldRulesEditor } from './field-rules-editor';
import { useTaskFormContext } from './use-task-form';

/**
 * The rules of "When rules on fields match" (ADR 0123): the field-rules rows on the task's own `deliveryRules`.
 */
export function DeliveryRuleRows({ fields }: { fields: RuleFieldChoice[] }) {
  const {
    control,
    setValue,
    trigger,
    formState: { errors, isSubmitted },
  } = useTaskFormContext();
  const deliveryRules = useWatch({ control, name: 'deliveryRules' });

  const change = (rules: DeliveryRules, byUser: boolean) => {
    setValue('deliveryRules', rules, { shouldDirty: byUser });
    void trigger(ruleErrorNames(rules.rules.length));
  };

  return (
    <FieldRulesEditor
      idPrefix="task-rule"
      legend="Deliver when"
      fields={fields}
      value={deliveryRules}
      onChange={change}
      errors={errors.deliveryRules}
      isSubmitted={isSubmitted}
    />
  );
}
