/**
 * Issue 39's goals for `npm run bench:engine`: throughput against the ceiling the provider's concurrency allows, and
 * fire lateness at the sizes the scheduler's goals name (ADR 0072). CPU ms per run is reported beside them, no goal
 * of its own: the throughput goal is what it buys.
 */
export interface EngineReport {
  tasks: number;
  workers: number;
  workerConcurrency: number;
  providerLatencyMs: number;
  latenessMs: { p50: number; p95: number; p99: number; max: number };
  runsPerSecond: number;
  cpuMsPerRun: { total: number; workers: number; postgres: number | null } | null;
  duplicates: number;
  lost: number;
}

export interface EngineGoal {
  goal: string;
  measured: string;
  pass: boolean;
}

/** p99 fire lateness (slot → run committed) by the number of tasks due in the same second. */
export const latenessGoalsMs: Record<number, number> = { 30_000: 250, 100_000: 1_000 };

/** Runs per second the bench's provider allows at most: every worker slot waiting on a call all the time. */
export const ceilingRunsPerSecond = (report: Pick<EngineReport, 'workers' | 'workerConcurrency' | 'providerLatencyMs'>) =>
  (report.workers * report.workerConcurrency * 1000) / report.providerLatencyMs;

export function engineGoals(report: EngineReport, { fireOnly = false } = {}): EngineGoal[] {
  const goals: EngineGoal[] = [];
  if (!fireOnly) {
    const ceiling = ceilingRunsPerSecond(report);
    const cpu = report.cpuMsPerRun;
    goals.push({
      goal: `runs/s ≥ 0.8 × the ceiling (${report.workers} workers × ${report.workerConcurrency} ÷ ${report.providerLatencyMs} ms = ${ceiling} runs/s)`,
      measured: `${report.runsPerSecond} runs/s (${Math.round((report.runsPerSecond / ceiling) * 100)} %)${
        cpu ? `, ${cpu.total} CPU ms per run (workers ${cpu.workers}, PostgreSQL ${cpu.postgres ?? 'not measured'})` : ''
      }`,
      pass: report.runsPerSecond >= 0.8 * ceiling,
    });
  }
  const latenessGoal = latenessGoalsMs[report.tasks];
  if (latenessGoal !== undefined) {
    goals.push({
      goal: `${report.tasks} due at once: p99 fire lateness < ${latenessGoal} ms`,
      measured: `p50 ${report.latenessMs.p50}, p95 ${report.latenessMs.p95}, p99 ${report.latenessMs.p99}, max ${report.latenessMs.max} ms`,
      pass: report.latenessMs.p99 < latenessGoal,
    });
  }
  goals.push({
    goal: 'no run doubled or lost',
    measured: `${report.duplicates} duplicates, ${report.lost} lost`,
    pass: report.duplicates === 0 && report.lost === 0,
  });
  return goals;
}

export function printEngineGoals(goals: EngineGoal[], report: EngineReport): void {
  const line = (goal: EngineGoal) => `${goal.pass ? 'PASS' : 'FAIL'}  ${goal.goal} — ${goal.measured}`;
  console.error(`\nIssue 39 goals (${report.tasks} tasks):\n${goals.map(line).join('\n')}\n`);
}
