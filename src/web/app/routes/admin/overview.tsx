/**
 * The admin area's start page; the layout's title bar reads "Admin Dashboard". Platform figures arrive with
 * /api/admin/overview and the user list with /admin/users (issue 17), so until then the page says what it is for
 * rather than showing invented numbers or linking to a page that is not built.
 */
export function AdminOverviewRoute() {
  return <p className="text-slate-600">Manage user accounts and monitor tasks across the platform.</p>;
}
