/**
 * `npm run bench:start` (issue 38): how fast does the product come back after a restart, and how much memory does its
 * node process hold at rest? The compiled build (`npm start`: bin/promptcron.js, node running dist/server) beside the
 * sources run through tsx (how `npm start` ran before ADR 0071), side by side in one run on the same machine.
 *
 * - Restart to healthy: spawn → the first `GET /api/health` that says ok, on a data directory whose embedded
 *   PostgreSQL cluster already exists; BENCH_START_PAIRS alternating pairs (default 5), medians and each pair's ratio.
 * - Resident memory: VmRSS of the node process (not PostgreSQL's), BENCH_IDLE_SECONDS (default 30) after a first
 *   start on an empty data directory, with no request but the health checks.
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from '#server/lib/free-port';
import { makeDataDir } from '#test/data-dir';

const pairs = Number(process.env.BENCH_START_PAIRS ?? 5);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 30);

const variants = {
  compiled: ['bin/promptcron.js', 'main'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} as const;
type Variant = keyof typeof variants;

async function start(variant: Variant, dataDir: string) {
  const port = await findFreePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...variants[variant]], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${variant} exited before it was healthy`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      async (response) => ((await response.json()) as { status?: string }).status === 'ok',
      () => false,
    );
    if (healthy) break;
    await sleep(20);
  }
  const healthyMs = performance.now() - startedAt;
  return {
    healthyMs,
    residentMb: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main() {
  // Built once up front, so no variant's first start pays for it.
  execFileSync(process.execPath, ['bin/fresh-build.js'], { stdio: 'inherit' });

  console.log(`Resident memory of the node process, ${idleSeconds} s after a first start on an empty data directory:`);
  const resident: Record<string, number> = {};
  for (const variant of Object.keys(variants) as Variant[]) {
    const dataDir = await makeDataDir(`promptcron-bench-start-${variant}-`);
    const product = await start(variant, dataDir);
    await sleep(idleSeconds * 1000);
    resident[variant] = await product.residentMb();
    await product.stop();
    await rm(dataDir, { recursive: true, force: true });
    console.log(`  ${variant.padEnd(8)} ${resident[variant]?.toFixed(0)} MB (first start to healthy ${ms(product.healthyMs)})`);
  }

  console.log(`\nRestart to healthy (cluster already created), ${pairs} alternating pairs:`);
  const dataDir = await makeDataDir('promptcron-bench-restart-');
  await (await start('compiled', dataDir)).stop(); // creates the cluster
  const times: Record<Variant, number[]> = { compiled: [], tsx: [] };
  const ratios: number[] = [];
  for (let pair = 0; pair < pairs; pair++) {
    const order: Variant[] = pair % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
    const measured: Partial<Record<Variant, number>> = {};
    for (const variant of order) {
      const product = await start(variant, dataDir);
      measured[variant] = product.healthyMs;
      times[variant].push(product.healthyMs);
      await product.stop();
    }
    ratios.push((measured.compiled ?? NaN) / (measured.tsx ?? NaN));
    console.log(
      `  pair ${pair + 1}: compiled ${ms(measured.compiled ?? NaN)}, tsx ${ms(measured.tsx ?? NaN)}, ratio ${ratios.at(-1)?.toFixed(2)}`,
    );
  }
  await rm(dataDir, { recursive: true, force: true });

  const ratio = median(ratios);
  const residentGoalMet = (resident.compiled ?? Infinity) <= 150;
  console.log(`\nRestart: compiled median ${ms(median(times.compiled))}, tsx median ${ms(median(times.tsx))}`);
  console.log(`  median ratio ${ratio.toFixed(2)} (goal ≤ 0.40): ${ratio <= 0.4 ? 'met' : 'NOT met'}`);
  console.log(`Resident memory: compiled ${resident.compiled?.toFixed(0)} MB (goal ≤ 150 MB): ${residentGoalMet ? 'met' : 'NOT met'}`);
  return ratio <= 0.4 && residentGoalMet ? 0 : 1;
}

process.exitCode = await main();
