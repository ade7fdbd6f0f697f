import { clean, costOf, median, pairedRounds, two, type Goal, type Report } from './history-goals';

/**
 * Issue 39's goal for `npm run bench:api`: the overview (`GET /api/dashboard`) costs at most twice the history's
 * first page per request at BENCH_CONNECTIONS, the two measured side by side in pairs of rounds (bench/api.ts), the
 * median pair deciding. Per-request time is the inverse of requests/s with every connection busy.
 */
export function dashboardGoals(report: Report): Goal[] {
  const { dashboard, dashboardFirstPage: firstPage } = report;
  if (!dashboard || !firstPage) return [];
  const ratios = pairedRounds(firstPage, dashboard).map(([page, overview]) => page.requestsPerSecond / overview.requestsPerSecond);
  const ratio = median(ratios);
  return [
    {
      goal: `/api/dashboard at ${report.connections} connections: per request ≤ 2 × the history first page's (median of ${ratios.length} pairs)`,
      measured: `${two(costOf(dashboard))} vs ${two(costOf(firstPage))} ms (${dashboard.requestsPerSecond} vs ${firstPage.requestsPerSecond} req/s, p99 ${dashboard.latencyMs.p99} vs ${firstPage.latencyMs.p99} ms); pairs ${ratios.map(two).join(', ')}`,
      ratio: two(ratio),
      pass: clean(dashboard) && clean(firstPage) && ratio <= 2,
    },
  ];
}

export function printDashboardGoals(goals: Goal[], report: Report): void {
  if (goals.length === 0) return;
  const line = (goal: Goal) => `${goal.pass ? 'PASS' : 'FAIL'}  ${String(goal.ratio ?? '').padStart(5)}  ${goal.goal} — ${goal.measured}`;
  console.error(`Issue 39 goal (${report.runs} runs, ${report.connections} connections):\n${goals.map(line).join('\n')}\n`);
}
