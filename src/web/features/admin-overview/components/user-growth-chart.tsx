import type { UserGrowthMonth } from '#shared/admin/admin-overview.schema';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';

/** Spec: a bar is 2 px per signup, at most 200 px. */
export function barHeightPx(signups: number): number {
  return Math.min(200, 2 * signups);
}

const signupsText = (signups: number) => `${signups} ${signups === 1 ? 'signup' : 'signups'}`;

/** Signups per month as bars, oldest first; a list, so a screen reader reads "Jun: 12 signups" for each. */
export function UserGrowthChart({ months }: { months: UserGrowthMonth[] }) {
  return (
    <Card aria-labelledby="user-growth-title">
      <CardHeader title="User Growth" description={`Signups per month, last ${months.length} months`} titleId="user-growth-title" />
      <CardContent>
        <ul aria-labelledby="user-growth-title" className="flex h-64 items-end justify-between gap-2">
          {months.map(({ month, label, signups }) => (
            <li
              key={month}
              aria-label={`${label}: ${signupsText(signups)}`}
              className="flex min-w-0 flex-1 flex-col items-center justify-end gap-1"
            >
              <span aria-hidden="true" className="text-xs font-medium text-slate-700">
                {signups}
              </span>
              <span
                aria-hidden="true"
                data-bar={month}
                className="w-full max-w-12 rounded-t bg-indigo-500"
                style={{ height: `${barHeightPx(signups)}px` }}
              />
              <span aria-hidden="true" className="text-xs text-slate-500">
                {label}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
