import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from '#web/lib/toast';
import { paths } from '#web/config/paths';

export const invalidLinkMessage = 'Please use the link sent to your email or request a new one.';

/** Spec section 8: an invalid recovery link is explained, then the visitor is sent to request a new one. */
export function notifyInvalidPasswordLink(): void {
  // A fixed id: React's development double effects, or two checks failing together, still show one toast.
  toast.error('Invalid or expired authentication link', { id: 'invalid-password-link', description: invalidLinkMessage });
}

/** Rendered instead of a password screen whose link is missing or spent. */
export function InvalidLinkRedirect() {
  useEffect(() => {
    notifyInvalidPasswordLink();
  }, []);
  return <Navigate to={paths.forgotPassword} replace />;
}
