import { clean, costOf, median, pairedRounds, two, type Goal, type Measured, type Report } from './history-goals';

/** What `bench:api` records of the status page (issue 40): the rollup over every seeded run, then its reads. */
export interface StatusReport {
  /** Runs in `task_runs` when the rollup ran: the bench user's, the other users'. */
  runsInTable: number;
  /** `rollupStatusDays` once over an empty `status_days`: every day of the 90 written. */
  rollup: { days: number; seconds: number };
  /** `GET /api/status`, measured in pairs of rounds with the first history page. */
  status: Measured;
  firstPage: Measured;
}

/**
 * Issue 40's goal: with the status rollup over (BENCH_RUNS=1000000) a million runs, `GET /api/status` answers within
 * 2 × the history first page's time per request at BENCH_CONNECTIONS, the two measured side by side in pairs of
 * rounds, the median pair deciding (as issue 39's for the overview, bench/dashboard-goals.ts).
 */
export function statusGoals(report: Report, status: StatusReport | undefined): Goal[] {
  const { status: measured, firstPage } = status ?? {};
  if (!status || !measured || !firstPage) return [];
  const ratios = pairedRounds(firstPage, measured).map(([page, statusRound]) => page.requestsPerSecond / statusRound.requestsPerSecond);
  const ratio = median(ratios);
  return [
    {
      goal: `/api/status with the rollup over ${status.runsInTable} runs, at ${report.connections} connections: per request ≤ 2 × the history first page's (median of ${ratios.length} pairs)`,
      measured: `${two(costOf(measured))} vs ${two(costOf(firstPage))} ms (${measured.requestsPerSecond} vs ${firstPage.requestsPerSecond} req/s, p99 ${measured.latencyMs.p99} vs ${firstPage.latencyMs.p99} ms); pairs ${ratios.map(two).join(', ')}; rollup of ${status.rollup.days} days ${status.rollup.seconds} s`,
      ratio: two(ratio),
      pass: clean(measured) && clean(firstPage) && ratio <= 2,
    },
  ];
}

export function printStatusGoals(goals: Goal[], status: StatusReport | undefined): void {
  if (!status) return;
  const line = (goal: Goal) => `${goal.pass ? 'PASS' : 'FAIL'}  ${String(goal.ratio ?? '').padStart(5)}  ${goal.goal} — ${goal.measured}`;
  const scale = status.runsInTable >= 1_000_000 ? '' : ' (the issue asks it at a million: BENCH_RUNS=1000000)';
  console.error(`Issue 40 goal${scale}:\n${goals.map(line).join('\n')}\n`);
}
