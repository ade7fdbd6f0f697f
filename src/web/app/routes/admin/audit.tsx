import { useSearchParams } from 'react-router';
import { AuditLog } from '#web/features/admin-audit/components/audit-log';

/** /admin/audit; `?target=<id>` (from a user's or task's page) shows only the entries about it. */
export function AdminAuditRoute() {
  const [searchParams] = useSearchParams();
  return <AuditLog targetId={searchParams.get('target') ?? ''} />;
}
