import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { buildDataExport } from '../../core/users/export-account-data';
import { user } from '../../db/schema';
import { dataExportReadyMail } from '../../mail/templates';
import type { buildDataExportJob } from '../../queue/job-definitions';
import type { EngineDeps } from '../engine-deps';

/** Builds a requested data export and e-mails its link (ADR 0052); a repeated job finds it built and sends nothing. */
export async function buildDataExportAndMail(
  deps: EngineDeps,
  { exportId, token }: z.output<typeof buildDataExportJob.payload>,
): Promise<void> {
  const built = await buildDataExport({ db: deps.db, exportId });
  if (!built) return;
  const [owner] = await deps.db
    .select({ email: user.email, name: user.name, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, built.userId));
  if (!owner) return;
  const url = `${deps.env.APP_URL}/api/data-exports/${exportId}?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: owner.email, ...dataExportReadyMail({ name: owner.fullName || owner.name, url }) });
}
