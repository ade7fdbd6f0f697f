import { Link } from 'react-router';
import type { RecentSignup } from '#shared/admin/admin-overview.schema';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { paths } from '#web/config/paths';
import { formatInstant } from '#web/lib/date-time';

/** The latest accounts: who, on which plan, and when; the full list is on the Users page. */
export function RecentSignups({ signups }: { signups: RecentSignup[] }) {
  return (
    <Card aria-labelledby="recent-signups-title">
      <CardHeader title="Recent Signups" titleId="recent-signups-title" />
      <CardContent className="flex flex-col gap-4">
        {signups.length === 0 ? (
          <p className="text-sm text-slate-600">No users yet</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs tracking-wide text-slate-500 uppercase">
                <tr>
                  {['User', 'Plan', 'Signed Up'].map((head) => (
                    <th key={head} scope="col" className="py-2 pr-4 font-medium">
                      {head}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {signups.map((signup) => (
                  <tr key={signup.id}>
                    <td className="py-2 pr-4">
                      <span className="block font-medium text-slate-900">{signup.name}</span>
                      {signup.name !== signup.email ? <span className="block text-xs break-all text-slate-500">{signup.email}</span> : null}
                    </td>
                    <td className="py-2 pr-4 text-slate-700">{signup.plan}</td>
                    <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatInstant(signup.signedUpAt, 'date')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Link to={paths.adminUsers} className="self-start text-sm font-medium text-indigo-600 hover:text-indigo-500">
          View all users
        </Link>
      </CardContent>
    </Card>
  );
}
