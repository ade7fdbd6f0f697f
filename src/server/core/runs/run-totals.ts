import type { RunCounts } from '../../events/run-counts';

/**
 * Counts over a workspace's runs, kept between requests under the workspace's id (docs/decisions/0020): every run and
 * history notification names the run's workspace (migration 0044), so a team's counts are dropped when any member's
 * run lands, changes or is removed, as a personal workspace's are.
 */
export type RunTotals = Pick<RunCounts, 'total'>;
