import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast';
import type { Subscription } from '../api/get-subscription';

const checkoutResultToastId = 'checkout-result';

/**
 * Stripe sends the browser back with `?success` or `?canceled`. A cancel is said at once; the parameter goes either
 * way, so a reload or a shared link does not announce it again. One toast id: StrictMode's second effect replaces,
 * not repeats.
 */
export function useCheckoutReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.has('success') ? 'success' : searchParams.has('canceled') ? 'canceled' : null;
  // Outlives the parameter: the plan changes only when Stripe's webhook arrives, moments after the redirect back.
  // Read once: Stripe's redirect back is a full page load, so the parameter is there when the page mounts.
  const [checkoutCompleted] = useState(result === 'success');

  useEffect(() => {
    if (!result) return;
    if (result === 'canceled') toast.info('Subscription creation canceled', { id: checkoutResultToastId });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('success');
        next.delete('canceled');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [result, setSearchParams]);

  return { checkoutCompleted };
}

/**
 * After a checkout, success is said only once the server shows the paid plan active: `?success` is only Stripe's
 * redirect, which anyone can type, and on a server without payments there is nothing it could have bought.
 */
export function useAnnounceSubscription(checkoutCompleted: boolean, subscription: Subscription | undefined) {
  const active = checkoutCompleted && isActivePaidSubscription(subscription);
  useEffect(() => {
    if (active) toast.success('Subscription created successfully', { id: checkoutResultToastId });
  }, [active]);
}

function isActivePaidSubscription(subscription: Subscription | undefined): boolean {
  return !!subscription?.paymentsConfigured && subscription.paid && ['active', 'trialing'].includes(subscription.status);
}
