import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/**
 * The admin area's start page; the layout's title bar reads "Admin Dashboard". Platform figures arrive with
 * /api/admin/overview, so until then the page says what it is for rather than showing invented numbers.
 */
export function AdminOverviewRoute() {
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-slate-600">Manage user accounts and monitor tasks across the platform.</p>
      <Link to={paths.adminUsers} className={buttonClassName({ variant: 'secondary' })}>
        View all users
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
