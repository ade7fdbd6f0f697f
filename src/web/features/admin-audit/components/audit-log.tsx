import { Link } from 'react-router';
import type { AuditEntry } from '#shared/admin/admin-audit.schema';
import { PageIntro } from '#web/components/layout/page-intro';
import { QueryLoadError } from '#web/components/ui/load-error';
import { LoadMoreButton } from '#web/components/ui/load-more-button';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { adminTaskPaths, adminUserPath, paths } from '#web/config/paths';
import { useAuditLog } from '../api/list-audit';
import { formatInstant } from '#web/lib/date-time';

const columns = ['Time', 'Administrator', 'Action', 'Target', 'Details'] as const;

/** "user.plan_change" reads "User plan change". */
const actionLabel = (action: string) => {
  const words = action.replace(/[._]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The details' key that names the target, as each kind of action writes it. */
const nameKeys = ['name', 'taskName', 'email'];
const targetNameKey = (details: Record<string, unknown>) => nameKeys.find((key) => typeof details[key] === 'string');

function TargetLink({ entry }: { entry: AuditEntry }) {
  const key = targetNameKey(entry.details);
  const name = key ? String(entry.details[key]) : entry.targetId;
  const to =
    entry.targetType === 'user'
      ? adminUserPath(entry.targetId)
      : entry.targetType === 'task'
        ? adminTaskPaths.detail(entry.targetId)
        : paths.adminPlans;
  return (
    <Link to={to} className="break-words text-indigo-700 hover:underline">
      <span className="sr-only">{entry.targetType} </span>
      {name}
    </Link>
  );
}

/** What changed, in words a reader can scan: the entry's details but the target's name, which its column shows. */
function describeDetails(details: Record<string, unknown>): string {
  const shown = targetNameKey(details);
  return Object.entries(details)
    .filter(([key]) => key !== shown)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

/** /admin/audit: every administrator action, newest first; `?target=<id>` shows those about one user, task or plan. */
export function AuditLog({ targetId }: { targetId: string }) {
  const log = useAuditLog(targetId);
  const entries = log.data?.pages.flatMap((page) => page.items);
  return (
    <div className="flex flex-col gap-6">
      <PageIntro title="Audit Log" description="Every administrator action, newest first" />
      {log.error && !log.data ? (
        <QueryLoadError title="Error loading the audit log" query={log} fallback="Failed to load the audit log. Please try again." />
      ) : (
        <StackedTable
          caption="Audit log"
          columns={columns}
          busy={log.isPending}
          message={log.isPending ? 'Loading audit log...' : entries?.length === 0 ? 'No audit entries' : null}
        >
          {entries?.map((entry) => (
            <tr key={entry.id} className={stackedRowClassName}>
              <StackedCell label="Time">
                <time dateTime={entry.createdAt} className="whitespace-nowrap text-slate-700">
                  {formatInstant(entry.createdAt, 'shortDateTime')}
                </time>
              </StackedCell>
              <StackedCell label="Administrator">
                <span className="text-slate-700">{entry.actor?.name ?? 'Deleted account'}</span>
              </StackedCell>
              <StackedCell label="Action">
                <span className="font-medium text-slate-900">{actionLabel(entry.action)}</span>
              </StackedCell>
              <StackedCell label="Target">
                <TargetLink entry={entry} />
              </StackedCell>
              <StackedCell label="Details">
                <span className="break-words text-slate-600">{describeDetails(entry.details) || '—'}</span>
              </StackedCell>
            </tr>
          ))}
        </StackedTable>
      )}
      <LoadMoreButton pages={log} className="self-center" />
    </div>
  );
}
