import { two, type Goal, type Measured } from './history-goals';

/**
 * The schedules' goal for `npm run bench:api` (ADR 0116): `POST /api/schedules/preview` answers 50 runs with p95 ≤ 50 ms.
 * The schedule measured is the costly kind: a custom cron in a zone with daylight saving, listed across the spring
 * change (each slot's wall time and note computed in the zone), with skip dates and an end date to check each slot against.
 */
export const schedulePreviewPath = '/api/schedules/preview';
export const previewBody = JSON.stringify({
  scheduleType: 'custom',
  customCron: '30 1-3 * * 1-5',
  cronTimezone: 'America/New_York',
  timezone: 'America/New_York',
  dstGap: 'shift',
  dstRepeat: 'both',
  skipDates: ['2027-03-10', '2027-03-17'],
  endDate: '2028-12-31',
  from: '2027-03-01T00:00:00Z',
  count: 50,
});

export interface PreviewReport {
  oneConnection: Measured;
  manyConnections: Measured;
}

/** At one connection (a person's form) and at BENCH_CONNECTIONS (everyone's at once). */
export async function measurePreview(measure: (connections: number, body: string) => Promise<Measured>): Promise<PreviewReport> {
  const oneConnection = await measure(1, previewBody);
  const manyConnections = await measure(Number(process.env.BENCH_PREVIEW_CONNECTIONS ?? 10), previewBody);
  return { oneConnection, manyConnections };
}

export function previewGoals(report: PreviewReport | undefined): Goal[] {
  if (!report) return [];
  return [report.oneConnection, report.manyConnections].flatMap((measured) =>
    measured
      ? [
          {
            goal: `${schedulePreviewPath} of 50 runs at ${measured.connections} connection(s): p95 ≤ 50 ms`,
            measured: `p50 ${measured.latencyMs.p50}, p95 ${measured.latencyMs.p95}, p99 ${measured.latencyMs.p99} ms; ${measured.requestsPerSecond} req/s, ${measured.failures} failures`,
            ratio: two(measured.latencyMs.p95 / 50),
            pass: measured.failures === 0 && measured.latencyMs.p95 <= 50,
          },
        ]
      : [],
  );
}

export function printPreviewGoals(goals: Goal[], report: PreviewReport | undefined): void {
  if (!report || goals.length === 0) return;
  const line = (goal: Goal) => `${goal.pass ? 'PASS' : 'FAIL'}  ${String(goal.ratio ?? '').padStart(5)}  ${goal.goal} — ${goal.measured}`;
  console.error(`Schedule preview goal (ADR 0116):\n${goals.map(line).join('\n')}\n`);
}
