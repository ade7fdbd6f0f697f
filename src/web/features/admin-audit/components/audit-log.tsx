import { Link } from 'react-router';
import { commandLineActorId, type AuditEntry } from '#shared/admin/admin-audit.schema';
import { deletedTargetLabel, describeAuditEntry, type AuditChange } from '#shared/admin/audit-summary';
import { PageIntro } from '#web/components/layout/page-intro';
import { QueryLoadError } from '#web/components/ui/load-error';
import { LoadMoreButton } from '#web/components/ui/load-more-button';
import { StackedCell, StackedTable, stackedRowClassName } from '#web/components/ui/responsive-table';
import { adminTaskPaths, adminUserPath, paths } from '#web/config/paths';
import { useAuditLog } from '../api/list-audit';
import { formatLocalDateTime } from '#web/lib/date-time';

const columns = ['Time', 'Administrator', 'Action', 'Before and after'] as const;

/** On a phone the card leads with what happened, and long names and values wrap instead of widening the page. */
const stackedTextCell = 'max-lg:flex-col max-lg:items-start max-lg:gap-1 min-w-0 [overflow-wrap:anywhere]';

function targetPath(entry: AuditEntry): string {
  if (entry.targetType === 'user') return adminUserPath(entry.targetId);
  if (entry.targetType === 'task') return adminTaskPaths.detail(entry.targetId);
  return paths.adminPlans;
}

function Changes({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="flex flex-col gap-1 text-slate-600">
      {changes.map((change) => (
        <li key={change.label}>
          <span className="font-medium text-slate-700">{change.label}:</span>{' '}
          {change.from === null ? change.to : `${change.from} → ${change.to}`}
        </li>
      ))}
    </ul>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { summary, changes } = describeAuditEntry(entry);
  return (
    <tr className={stackedRowClassName}>
      <StackedCell label="Time">
        <time dateTime={entry.createdAt} className="whitespace-nowrap text-slate-700">
          {/* The page says its zone nowhere else, so each time names it, as on every other page (ADR 0067). */}
          {formatLocalDateTime(entry.createdAt)}
        </time>
      </StackedCell>
      <StackedCell label="Administrator" className="min-w-0 [overflow-wrap:anywhere]">
        <span className="text-slate-700">
          {entry.actor?.name ??
            (entry.actorId === commandLineActorId
              ? 'Command line'
              : entry.deletedActor
                ? `${entry.deletedActor.name} <${entry.deletedActor.email}> (deleted)`
                : 'Deleted account')}
        </span>
      </StackedCell>
      <StackedCell className={`${stackedTextCell} max-lg:order-first`}>
        {entry.targetGone ? (
          // Its page would only say it is not found: the entry says who or what it was instead.
          <span className="flex flex-col gap-0.5">
            <span className="font-medium text-slate-900">{summary}</span>
            <span className="text-slate-600">{deletedTargetLabel(entry)}</span>
          </span>
        ) : (
          <Link to={targetPath(entry)} className="font-medium text-indigo-700 hover:underline">
            {summary}
          </Link>
        )}
      </StackedCell>
      <StackedCell label="Before and after" className={changes.length ? stackedTextCell : 'max-lg:hidden'}>
        <Changes changes={changes} />
      </StackedCell>
    </tr>
  );
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
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </StackedTable>
      )}
      <LoadMoreButton pages={log} className="self-center" />
    </div>
  );
}
