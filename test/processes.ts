import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/** PostgreSQL server processes whose command line names `dataDir`: what a clean stop must leave behind (none). */
export async function postgresProcessesUsing(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const state = (await readFile(`/proc/${entry}/stat`, 'utf8')).split(') ')[1]?.[0];
      if (state !== 'Z' && commandLine.includes('postgres') && commandLine.includes(dataDir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/**
 * `npm run worker` as production starts it, on `databaseUrl`, calling the fake OpenAI at `openAiBaseUrl` and allowed to
 * deliver to the tests' local webhook receivers.
 */
export function spawnWorkerProcess({
  databaseUrl,
  openAiBaseUrl,
  logLevel,
  stdio,
}: {
  databaseUrl: string;
  openAiBaseUrl: string;
  logLevel: 'info' | 'warn';
  stdio: StdioOptions;
}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--role=worker'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: openAiBaseUrl,
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      AUTH_SECRET: 'test-secret-that-is-at-least-32-characters',
      LOG_LEVEL: logLevel,
    },
    stdio,
  });
}

export interface Started {
  child: ChildProcess;
  /** What it wrote so far, standard output and error together. */
  output: () => string;
  exited: Promise<number | null>;
}

/** The product as `npm start` runs it: the compiled build (test/global-setup.ts brings dist/ up to date). */
export function startProduct(env: Record<string, string>, args: string[] = []): Started {
  const child = spawn(process.execPath, ['bin/promptcron.js', 'main', ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves once the product logged that it is ready; fails with its output if it exits first. */
export async function productReady(started: Started): Promise<void> {
  for (let waited = 0; !started.output().includes('Promptcron is ready'); waited += 50) {
    if (started.child.exitCode !== null || waited > 60_000) throw new Error(`The product did not get ready:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
