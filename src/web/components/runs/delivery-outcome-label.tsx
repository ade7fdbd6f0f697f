import { Link } from 'react-router';
import { paths } from '#web/config/paths';
import type { DeliveryOutcome } from '#web/lib/delivery-text';

/**
 * A delivery's word as the screens show it. A run held for the account's own address (ADR 0109) reads "Not delivered:
 * confirm your e-mail address", its second half a link to the dashboard, whose banner sends the mail again.
 */
export function DeliveryOutcomeLabel({ outcome }: { outcome: DeliveryOutcome }) {
  if (!outcome.awaitsOwnAddress) return <>{outcome.label}</>;
  const [held, todo] = outcome.label.split(': ');
  return (
    <>
      {held}:{' '}
      <Link to={`${paths.dashboard}#confirm-email`} className="underline underline-offset-2">
        {todo}
      </Link>
    </>
  );
}
