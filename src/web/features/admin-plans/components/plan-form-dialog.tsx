import { useState } from 'react';
import { toast, toastError } from '#web/lib/toast';
import { billingCycles, createPlanSchema, updatePlanSchema, type AdminPlan } from '#shared/admin/admin-plan.schema';
import { planFeatures, type PlanFeature } from '#shared/billing/plan.schema';
import { Field } from '#web/components/ui/field';
import { FormDialog } from '#web/components/ui/form-dialog';
import { Input, inputClassName } from '#web/components/ui/input';
import { serverFieldErrors } from '#web/lib/form-errors';
import { useSavePlan } from '../api/admin-plans';

const limitLabels: Record<PlanFeature, string> = {
  active_tasks: 'Active tasks',
  monthly_runs: 'Runs a month',
  min_interval_minutes: 'Minutes between runs, at least',
};

type Draft = {
  name: string;
  description: string;
  price: string;
  currency: string;
  billingCycle: string;
  stripePriceId: string;
  isActive: boolean;
  limits: Record<PlanFeature, string>;
};

function draftOf(plan: AdminPlan | undefined): Draft {
  const limit = (feature: PlanFeature) => plan?.limits.find((row) => row.featureName === feature)?.limitValue;
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? (plan.price / 100).toFixed(2) : '',
    currency: plan?.currency ?? 'usd',
    billingCycle: plan?.billingCycle ?? 'month',
    stripePriceId: plan?.stripePriceId ?? '',
    isActive: plan?.isActive ?? true,
    limits: Object.fromEntries(planFeatures.map((feature) => [feature, limit(feature)?.toString() ?? ''])) as Record<PlanFeature, string>,
  };
}

const priceMessage = 'Price must be an amount such as 9.00';

/** The draft as the API's input; a price that is not an amount of cents becomes NaN and fails the shared schema. */
function inputOf(draft: Draft) {
  const price = /^\d+(\.\d{1,2})?$/.test(draft.price.trim()) ? Math.round(Number(draft.price.trim()) * 100) : Number.NaN;
  return {
    name: draft.name,
    description: draft.description.trim() || null,
    price,
    currency: draft.currency,
    billingCycle: draft.billingCycle,
    stripePriceId: draft.stripePriceId.trim() || null,
    isActive: draft.isActive,
    // An empty limit is unlimited: a row with null, so an edit can lift a limit.
    limits: planFeatures.map((featureName) => {
      const value = draft.limits[featureName].trim();
      return { featureName, limitValue: value === '' ? null : /^\d+$/.test(value) ? Number(value) : Number.NaN };
    }),
  };
}

type PlanFormDialogProps = {
  plan?: AdminPlan;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes: the button that opened it. */
  returnFocusTo: () => HTMLElement | null | undefined;
};

/** Create Plan, or Edit Plan when `plan` is given: checked with the API's own schema first, then by the server. */
export function PlanFormDialog({ plan, onOpenChange, returnFocusTo }: PlanFormDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePlan();
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => setDraft((current) => ({ ...current, [key]: value }));
  const fieldError = (name: string) => errors[name] ?? serverFieldErrors(save.error)[name];

  const submit = () => {
    const input = inputOf(draft);
    const checked = (plan ? updatePlanSchema : createPlanSchema).safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.path[0] === 'price' ? priceMessage : issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { planId: plan?.id, input: checked.data },
      {
        onSuccess: (saved) => {
          toast.success(plan ? 'Plan saved' : 'Plan created', {
            description: `${saved.name} is ${saved.isActive ? 'offered to users' : 'not for sale'}.`,
          });
          onOpenChange(false);
        },
        onError: (error) => {
          if (Object.keys(serverFieldErrors(error)).length === 0) toastError('Could not save the plan', error, 'Please try again.');
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={plan ? 'Edit Plan' : 'Create Plan'}
      description={
        plan
          ? 'New limits apply to everyone on this plan at once. A new price applies to new subscriptions.'
          : 'A plan for sale appears on the Subscription page at once.'
      }
      submitLabel={plan ? 'Save Plan' : 'Create Plan'}
      pendingLabel="Saving..."
      pending={save.isPending}
      onSubmit={submit}
      returnFocusTo={returnFocusTo}
    >
      <div className="flex max-h-[60vh] flex-col gap-4 overflow-y-auto pr-1">
        <Field id="plan-name" label="Name" error={fieldError('name')}>
          {(control) => <Input {...control} value={draft.name} onChange={(event) => set('name', event.target.value)} autoComplete="off" />}
        </Field>
        <Field id="plan-description" label="Description" error={fieldError('description')}>
          {(control) => (
            <Input {...control} value={draft.description} onChange={(event) => set('description', event.target.value)} autoComplete="off" />
          )}
        </Field>
        <div className="grid grid-cols-3 gap-3">
          <Field id="plan-price" label="Price" error={fieldError('price')}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.price}
                onChange={(event) => set('price', event.target.value)}
                placeholder="9.00"
              />
            )}
          </Field>
          <Field id="plan-currency" label="Currency" error={fieldError('currency')}>
            {(control) => (
              <Input {...control} value={draft.currency} onChange={(event) => set('currency', event.target.value)} maxLength={3} />
            )}
          </Field>
          <Field id="plan-cycle" label="Billed every" error={fieldError('billingCycle')}>
            {(control) => (
              <select
                {...control}
                className={inputClassName}
                value={draft.billingCycle}
                onChange={(event) => set('billingCycle', event.target.value)}
              >
                {billingCycles.map((cycle) => (
                  <option key={cycle} value={cycle}>
                    {cycle}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field
          id="plan-stripe-price"
          label="Stripe price id"
          hint="Optional: left empty, one is created at the first checkout."
          error={fieldError('stripePriceId')}
        >
          {(control) => (
            <Input
              {...control}
              value={draft.stripePriceId}
              onChange={(event) => set('stripePriceId', event.target.value)}
              placeholder="price_..."
              autoComplete="off"
            />
          )}
        </Field>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-900">Limits (empty: unlimited)</legend>
          {planFeatures.map((feature, index) => (
            <Field key={feature} id={`plan-limit-${feature}`} label={limitLabels[feature]} error={fieldError(`limits.${index}.limitValue`)}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={draft.limits[feature]}
                  onChange={(event) => set('limits', { ...draft.limits, [feature]: event.target.value })}
                  placeholder="Unlimited"
                />
              )}
            </Field>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={draft.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          For sale: offered on the Subscription page
        </label>
      </div>
    </FormDialog>
  );
}
