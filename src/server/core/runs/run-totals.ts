import type { RunCounts } from '../../events/run-counts';

/** Counts over a workspace's runs, kept between requests where that is safe (`runTotalsOf`); called with its id. */
export type RunTotals = Pick<RunCounts, 'total'>;

/**
 * Where the counts over a workspace's runs may be kept (docs/decisions/0020). The run event hub tells of changes per
 * account, the runs' `user_id`: every run of a personal workspace is its owner's, so its counts are kept under the
 * owner and dropped with their history's changes; a team's runs are many members', whose changes would not reach the
 * kept count, so a team's counts are made on each request.
 */
export function runTotalsOf(counts: RunCounts | undefined, workspace: { personal: boolean }, userId: string): RunTotals | undefined {
  if (!counts || !workspace.personal) return undefined;
  return { total: (_workspaceId, filter, count) => counts.total(userId, filter, count) };
}
