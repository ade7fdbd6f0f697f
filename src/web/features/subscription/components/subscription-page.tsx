import { CircleAlert, Info, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BillingSession } from '#shared/billing/billing-session.schema';
import { toast } from '#web/lib/toast';
import { PageIntro } from '#web/components/layout/page-intro';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { ApiError } from '#web/lib/api-client';
import { useAuth } from '#web/lib/auth';
import { formatLocalDate } from '#web/lib/date-time';
import { errorMessage } from '#web/lib/form-errors';
import { redirectToBillingSession } from '../api/billing-session';
import { usePlans, type Plan } from '../api/get-plans';
import { useSubscription, type Subscription } from '../api/get-subscription';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useStartCheckout } from '../api/start-checkout';
import { PlanCard } from './plan-card';
import { useAnnounceSubscription, useCheckoutReturn } from './use-checkout-return';

const gridClassName = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';
/**
 * Four plans (Free, Pro, Business and a given one) in threes would leave the last alone on a row: two by two, then
 * all four side by side once they fit.
 */
const fourPlansGridClassName = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-4';
const paymentsNoteId = 'payments-not-configured';
/** One toast at a time (spec section 9): a second failure replaces the first. */
const billingToastId = 'billing';

/** The plans to show: those for sale, with the user's own plan first when it is not for sale (Unlimited, given). */
function plansToShow(plans: Plan[], subscription: Subscription): Plan[] {
  return plans.some((plan) => plan.id === subscription.plan.id) ? plans : [subscription.plan, ...plans];
}

function periodText(subscription: Subscription): string {
  const date = formatLocalDate(subscription.currentPeriodEnd);
  if (!subscription.paid) return `Usage resets on ${date}`;
  return subscription.cancelAtPeriodEnd ? `Cancels on ${date}` : `Renews on ${date}`;
}

function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Whether the caller may manage the acting workspace's plan; `pending` while their role there is not known yet. */
export type BillingAccess = 'manage' | 'owner-only' | 'pending';

export const ownerOnlyBillingText = 'Only the workspace owner can manage billing.';

const pageIntro = <PageIntro title="Subscription Plans" description="Choose the plan that fits how many tasks you run and how often." />;

/**
 * /dashboard/subscription: the acting workspace's plan. A team's plan is its owner's to manage (ADR 0131); its other
 * members are told so instead of being shown buttons the server would refuse.
 */
export function SubscriptionPage({ access = 'manage' }: { access?: BillingAccess }) {
  if (access === 'manage') return <SubscriptionPlans />;
  return (
    <div className="flex flex-col gap-8">
      {pageIntro}
      {access === 'pending' ? (
        <div aria-busy="true">
          <div role="status" className="sr-only">
            Loading subscription plans...
          </div>
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
      ) : (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          {ownerOnlyBillingText}
        </p>
      )}
    </div>
  );
}

/** One card per plan, the current one marked with its usage, and the way to pay or manage. */
function SubscriptionPlans() {
  const { checkoutCompleted } = useCheckoutReturn();
  const plans = usePlans();
  const subscription = useSubscription({ activating: checkoutCompleted });
  useAnnounceSubscription(checkoutCompleted, subscription.data);

  let body;
  if (plans.isPending || subscription.isPending) {
    body = (
      <div aria-busy="true">
        <div role="status" className="sr-only">
          Loading subscription plans...
        </div>
        <div className={gridClassName}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-80 w-full rounded-xl" />
          ))}
        </div>
      </div>
    );
  } else if (!plans.data || !subscription.data) {
    body = (
      <LoadError
        title="Failed to load subscription data"
        message={errorMessage(plans.error ?? subscription.error, 'Please try again.')}
        onRetry={() => {
          if (plans.isError) void plans.refetch();
          if (subscription.isError) void subscription.refetch();
        }}
        retrying={plans.isFetching || subscription.isFetching}
      />
    );
  } else {
    body = (
      <PlanCards
        plans={plans.data}
        subscription={subscription.data}
        activating={checkoutCompleted && subscription.data.paymentsConfigured && !subscription.data.paid}
      />
    );
  }

  return (
    <div className="flex flex-col gap-8">
      {pageIntro}
      {body}
    </div>
  );
}

type PlanCardsProps = { plans: Plan[]; subscription: Subscription; activating: boolean };

function PlanCards({ plans, subscription, activating }: PlanCardsProps) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // What is on its way to Stripe: a plan id, or 'portal'. It stays set after a redirect starts, while the page unloads.
  const [pending, setPending] = useState<string | null>(null);

  /** Asks the server for a Stripe session and goes there; on any failure says so with these words and frees the buttons. */
  const goToStripe = async (
    pendingAs: string,
    openSession: () => Promise<BillingSession>,
    words: { failed: string; noUrl: string; signedOut: string },
  ) => {
    setPending(pendingAs);
    try {
      const { url } = await openSession();
      if (url) return redirectToBillingSession(url);
      toast.error(words.failed, { id: billingToastId, description: words.noUrl });
    } catch (error) {
      if (isSignedOut(error)) toast.error(words.signedOut, { id: billingToastId });
      else toast.error(words.failed, { id: billingToastId, description: errorMessage(error, 'Please try again.') });
    }
    setPending(null);
  };

  const subscribe = (plan: Plan) =>
    goToStripe(plan.id, () => checkout.mutateAsync(plan.id), {
      failed: 'Failed to create subscription',
      noUrl: 'No session URL returned from Stripe',
      signedOut: 'You must be logged in to subscribe',
    });

  const manage = () =>
    goToStripe('portal', () => portal.mutateAsync(), {
      failed: 'Failed to manage subscription',
      noUrl: 'No portal URL returned from Stripe',
      signedOut: 'You must be logged in to manage your subscription',
    });

  const manageButton = (
    <Button onClick={() => void manage()} disabled={pending !== null}>
      {pending === 'portal' ? 'Processing...' : 'Manage Subscription'}
    </Button>
  );
  const usage = new Map(subscription.usage.map(({ featureName, usageCount }) => [featureName, usageCount]));
  const shown = plansToShow(plans, subscription);
  // A plan an administrator gave (not bought, and not the free one) is not something to buy over; the server refuses.
  const given = !subscription.paid && (subscription.plan.price > 0 || !subscription.plan.isActive);
  const sellsPaidPlans = !given && shown.some((plan) => plan.price > 0 && plan.id !== subscription.plan.id);

  const actionFor = (plan: Plan) => {
    if (plan.id === subscription.plan.id) return subscription.paid ? manageButton : undefined;
    if (plan.price === 0)
      return (
        <Button variant="secondary" disabled>
          Free Plan
        </Button>
      );
    if (given) return <GivenPlanNote />;
    // A paying user changes plans in the billing portal, so Stripe prorates; a second checkout would bill twice.
    if (subscription.paid)
      return (
        <Button variant="secondary" onClick={() => void manage()} disabled={pending !== null}>
          Change plan
        </Button>
      );
    return (
      <Button
        onClick={() => void subscribe(plan)}
        disabled={!subscription.paymentsConfigured || pending !== null}
        aria-describedby={subscription.paymentsConfigured ? undefined : paymentsNoteId}
      >
        {pending === plan.id ? 'Processing...' : 'Subscribe'}
      </Button>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {activating ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-indigo-50 px-4 py-3 text-sm font-medium text-indigo-800">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Activating your subscription...
        </p>
      ) : null}
      {subscription.status === 'past_due' ? (
        <div
          role="alert"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 font-medium text-amber-900">
            <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
            Payment failed: update your payment method
          </p>
          {manageButton}
        </div>
      ) : null}
      {given ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          Your {subscription.plan.name} plan was given by an administrator: there is nothing to buy.
        </p>
      ) : null}
      {!subscription.paymentsConfigured && sellsPaidPlans ? (
        <p id={paymentsNoteId} className="flex items-center gap-2 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">
          <Info aria-hidden="true" className="size-4 shrink-0" />
          Payments are not configured on this server.
        </p>
      ) : null}
      <div className={shown.length === 4 ? fourPlansGridClassName : gridClassName}>
        {shown.map((plan) => {
          const current = plan.id === subscription.plan.id;
          return (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={current}
              usage={current ? usage : undefined}
              periodText={current ? periodText(subscription) : undefined}
              action={actionFor(plan)}
            />
          );
        })}
      </div>
    </div>
  );
}

/** On each plan a user with a given plan cannot buy: who changes plans, instead of an empty card footer. */
function GivenPlanNote() {
  const auth = useAuth();
  return (
    <p className="text-center text-sm text-slate-600">
      {auth.user?.role === 'admin' ? (
        <>
          Given plans are changed in{' '}
          <Link to={paths.adminUsers} className="font-medium text-indigo-700 underline underline-offset-2">
            Admin → Users
          </Link>
          .
        </>
      ) : (
        'Ask an administrator to change your plan.'
      )}
    </p>
  );
}
