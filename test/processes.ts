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
