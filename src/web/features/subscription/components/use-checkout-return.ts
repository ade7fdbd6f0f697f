import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/lib/toast';

/**
 * Stripe sends the browser back with `?success` or `?canceled`. The toast says which, then the parameter goes, so a
 * reload or a shared link does not announce it again. One toast id: StrictMode's second effect replaces, not repeats.
 */
export function useCheckoutReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.has('success') ? 'success' : searchParams.has('canceled') ? 'canceled' : null;
  // Outlives the parameter: the plan changes only when Stripe's webhook arrives, moments after the redirect back.
  // Read once: Stripe's redirect back is a full page load, so the parameter is there when the page mounts.
  const [checkoutCompleted] = useState(result === 'success');

  useEffect(() => {
    if (!result) return;
    if (result === 'success') toast.success('Subscription created successfully', { id: 'checkout-result' });
    else toast.info('Subscription creation canceled', { id: 'checkout-result' });
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
