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
