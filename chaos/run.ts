/**
 * `npm run test:chaos`: breaks a running product the ways issue 18 names and counts what became of the runs.
 *
 * Each scenario gets a PostgreSQL cluster of its own (embedded, on a fixed port so it can be stopped and started),
 * a local OpenAI-compatible model, real webhook receivers and real worker processes (`src/server/main.ts
 * --role=worker`), then prints one row: runs expected, runs finished (completed and delivered), duplicates (runs
 * beyond one per slot), lost, repeated webhooks (the same webhook-id received again, which at-least-once delivery
 * allows) and seconds to recover. Exits 1 when a run is lost or doubled, a process died, or recovery took too long.
 * docs/reliability.md reports its figures.
 */
import { databaseOutage, hangingProvider, killedWorker, slowReceivers, type ScenarioResult } from './scenarios';

const scenarios = [databaseOutage, killedWorker, slowReceivers, hangingProvider];

function failures(result: ScenarioResult): string[] {
  return [
    result.lost > 0 && `${result.lost} lost`,
    result.duplicates > 0 && `${result.duplicates} duplicated`,
    !result.survived && 'a worker process exited',
    result.recoverySeconds > result.limitSeconds && `recovery over ${result.limitSeconds} s`,
  ].filter((failure): failure is string => typeof failure === 'string');
}

async function main() {
  const startedAt = Date.now();
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    const result = await scenario();
    results.push(result);
    console.log(`${result.scenario}: ${failures(result).join(', ') || 'ok'}`);
  }

  const rows = results.map((result) => [
    result.scenario,
    result.expected,
    result.finished,
    result.duplicates,
    result.lost,
    result.redelivered,
    `${result.recoverySeconds} (≤ ${result.limitSeconds})`,
    failures(result).join(', ') || 'pass',
  ]);
  const header = ['Scenario', 'Runs expected', 'Runs finished', 'Duplicates', 'Lost', 'Repeated webhooks', 'Seconds to recover', 'Result'];
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\nChaos run took ${Math.round((Date.now() - startedAt) / 1000)} s.`);
  if (results.some((result) => failures(result).length > 0)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
