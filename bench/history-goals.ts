/**
 * Issue 21's goals for `npm run bench:api`, each as a ratio measured side by side in one run (or, for growth, against
 * an earlier run's report), with pass or fail:
 * - the first history page at BENCH_CONNECTIONS: requests/s ≥ 80 % of the floor's, p95 ≤ 1.25 × the floor's, each the
 *   median over the pairs of rounds measured side by side (bench/api.ts);
 * - each search's per-request time ≤ 2 × the first page's, at one connection and at BENCH_CONNECTIONS;
 * - growth (BENCH_GROWTH_FROM): first page, each search and the overview within 1.5 × of the earlier run's figures
 *   (the overview measured beside the floor in pairs, like the first page);
 * - a million runs seeded in under 5 minutes; the history export (100,000 runs, pages of 100) completes.
 */

export type Measured =
  | {
      path: string;
      connections: number;
      matching?: number;
      requests: number;
      failures: number;
      requestsPerSecond: number;
      latencyMs: { p50: number; p95: number; p99: number; max: number };
      latencies?: number[];
      /** How long it was measured (after its warm-up). */
      seconds: number;
      /** A merged figure's separate rounds (the floor and the first page are measured in pairs of rounds). */
      rounds?: { requestsPerSecond: number; p95: number }[];
    }
  | undefined;

export interface Report {
  runs: number;
  seedSeconds: number;
  connections: number;
  oneConnection: Record<string, Measured>;
  manyConnections: Record<string, Measured>;
  dashboard: Measured;
  /** The floor's rounds paired with the dashboard's (reports before 2026-11-26 have none). */
  dashboardFloor?: Measured;
  /** The first page's rounds paired with the dashboard's (issue 39; earlier reports have none). */
  dashboardFirstPage?: Measured;
  historyExport?: { runs: number; pages: number; seconds: number };
  [key: string]: unknown;
}

export interface Goal {
  goal: string;
  measured: string;
  ratio: number | null;
  pass: boolean | null;
}

export const searchNames = ['searchCommon', 'searchRare', 'searchNone', 'searchTaskName'] as const;
export const two = (value: number) => Math.round(value * 100) / 100;
/** Per-request time: with every connection busy all the time, the time the server spends on one request. */
export const costOf = (measured: Measured) => (measured && measured.requestsPerSecond > 0 ? 1000 / measured.requestsPerSecond : NaN);
export const clean = (measured: Measured) => measured !== undefined && measured.failures === 0;

type Round = { requestsPerSecond: number; p95: number };

/** The floor's and the product's rounds, pair by pair; a figure measured in one piece is one pair. */
export function pairedRounds(floor: NonNullable<Measured>, product: NonNullable<Measured>): [Round, Round][] {
  const whole = (measured: NonNullable<Measured>): Round[] =>
    measured.rounds ?? [{ requestsPerSecond: measured.requestsPerSecond, p95: measured.latencyMs.p95 }];
  const products = whole(product);
  return whole(floor).flatMap((base, index): [Round, Round][] => (products[index] ? [[base, products[index]]] : []));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[middle]! : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/**
 * The overview's per-request time over the floor's: the median pair where the two were measured side by side, else
 * (an earlier report) over the floor of the 50-connection first-page rounds.
 */
function dashboardRelative(run: Report): number {
  const { dashboard, dashboardFloor } = run;
  if (!dashboard) return NaN;
  if (!dashboardFloor) return costOf(dashboard) / costOf(run.manyConnections.floor);
  return median(pairedRounds(dashboardFloor, dashboard).map(([base, measured]) => base.requestsPerSecond / measured.requestsPerSecond));
}

export function historyGoals(report: Report, earlier?: Report): Goal[] {
  const goals: Goal[] = [];
  const many = report.manyConnections;
  const { floor, firstPage } = many;
  if (floor && firstPage) {
    const pairs = pairedRounds(floor, firstPage);
    const throughput = median(pairs.map(([base, product]) => product.requestsPerSecond / base.requestsPerSecond));
    const eachPair = (ratios: number[]) => `pairs ${ratios.map(two).join(', ')}`;
    goals.push({
      goal: `first page at ${report.connections} connections: requests/s ≥ 0.8 × the floor's (median of ${pairs.length} pairs)`,
      measured: `${firstPage.requestsPerSecond} vs ${floor.requestsPerSecond} req/s; ${eachPair(pairs.map(([base, product]) => product.requestsPerSecond / base.requestsPerSecond))}`,
      ratio: two(throughput),
      pass: clean(firstPage) && throughput >= 0.8,
    });
    const tail = median(pairs.map(([base, product]) => product.p95 / base.p95));
    goals.push({
      goal: `first page at ${report.connections} connections: p95 ≤ 1.25 × the floor's (median of ${pairs.length} pairs)`,
      measured: `${firstPage.latencyMs.p95} vs ${floor.latencyMs.p95} ms; ${eachPair(pairs.map(([base, product]) => product.p95 / base.p95))}`,
      ratio: two(tail),
      pass: clean(firstPage) && tail <= 1.25,
    });
  }
  for (const [label, measured] of [
    ['1 connection', report.oneConnection],
    [`${report.connections} connections`, many],
  ] as const) {
    const page = measured.firstPage;
    for (const name of searchNames) {
      const search = measured[name];
      if (!page || !search) continue;
      const ratio = costOf(search) / costOf(page);
      goals.push({
        goal: `${name} (${search.matching ?? '?'} matches) at ${label}: per request ≤ 2 × the first page's`,
        measured: `${two(costOf(search))} vs ${two(costOf(page))} ms`,
        ratio: two(ratio),
        pass: clean(search) && ratio <= 2,
      });
    }
  }
  if (earlier) {
    // Per-request time relative to the floor of the same run, so that load from other work on the machine, which
    // differs between two runs minutes apart, cancels out; the raw times are shown beside it.
    const relative = (run: Report, measured: Measured, at: 'one' | 'many') =>
      costOf(measured) / costOf((at === 'one' ? run.oneConnection : run.manyConnections).floor);
    const pairs: [string, 'one' | 'many', (run: Report) => Measured][] = [
      ...(['firstPage', ...searchNames] as const).flatMap((name) => [
        [`${name} at 1 connection`, 'one', (run: Report) => run.oneConnection[name]] as [string, 'one', (run: Report) => Measured],
        [`${name} at ${report.connections} connections`, 'many', (run: Report) => run.manyConnections[name]] as [
          string,
          'many',
          (run: Report) => Measured,
        ],
      ]),
    ];
    for (const [name, at, pick] of pairs) {
      const now = pick(report);
      const then = pick(earlier);
      if (!now || !then) continue;
      const ratio = relative(report, now, at) / relative(earlier, then, at);
      goals.push({
        goal: `growth ${earlier.runs} → ${report.runs} runs, ${name}: per request (÷ the floor's) ≤ 1.5 × before`,
        measured: `${two(costOf(now))} ms (floor ${two(costOf(at === 'one' ? report.oneConnection.floor : report.manyConnections.floor))}) vs ${two(costOf(then))} ms (floor ${two(costOf(at === 'one' ? earlier.oneConnection.floor : earlier.manyConnections.floor))})`,
        ratio: two(ratio),
        pass: clean(now) && ratio <= 1.5,
      });
    }
  }
  if (earlier && report.dashboard && earlier.dashboard) {
    const ratio = dashboardRelative(report) / dashboardRelative(earlier);
    goals.push({
      goal: `growth ${earlier.runs} → ${report.runs} runs, /api/dashboard at ${report.connections} connections: per request (÷ the floor's, median pair) ≤ 1.5 × before`,
      measured: `${two(costOf(report.dashboard))} ms, ${two(dashboardRelative(report))} × the floor vs ${two(costOf(earlier.dashboard))} ms, ${two(dashboardRelative(earlier))} ×`,
      ratio: two(ratio),
      pass: clean(report.dashboard) && ratio <= 1.5,
    });
  }
  if (report.runs >= 1_000_000) {
    goals.push({
      goal: `${report.runs} runs seeded in under 5 minutes`,
      measured: `${report.seedSeconds} s`,
      ratio: two(report.seedSeconds / 300),
      pass: report.seedSeconds < 300,
    });
  }
  if (report.historyExport) {
    const { runs, pages, seconds } = report.historyExport;
    goals.push({
      goal: 'history export (pages of 100, as the browser) of 100,000 runs completes',
      measured: `${runs} runs in ${pages} pages, ${seconds} s`,
      ratio: null,
      pass: runs >= Math.min(100_000, report.runs),
    });
  }
  return goals;
}

export function printGoals(goals: Goal[], report: Report): void {
  const line = (goal: Goal) =>
    `${goal.pass === null ? '    ' : goal.pass ? 'PASS' : 'FAIL'}  ${String(goal.ratio ?? '').padStart(5)}  ${goal.goal} — ${goal.measured}`;
  console.error(`\nIssue 21 goals (${report.runs} runs, ${report.connections} connections):\n${goals.map(line).join('\n')}\n`);
}
