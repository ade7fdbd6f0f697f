import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time from the operating system's accounting (/proc/<pid>/stat, Linux): a process tree's user + system time,
 * children that have already exited included (their parent reaps them into its cutime/cstime), so PostgreSQL
 * backends that came and went between two readings still count.
 */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcessStat {
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

function readStat(pid: number): ProcessStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its last ')' start at field 3.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return { ppid: at(4), ticks: at(14) + at(15) + at(16) + at(17) };
  } catch {
    return undefined; // gone between listing and reading
  }
}

export const cpuAccountingAvailable = (() => {
  try {
    return readStat(process.pid) !== undefined;
  } catch {
    return false;
  }
})();

/** CPU milliseconds of each root's process tree, read now; a root that has exited counts 0. */
export function processTreeCpuMs(roots: number[]): Map<number, number> {
  const stats = new Map<number, ProcessStat>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const treeTicks = (pid: number): number =>
    (stats.get(pid)?.ticks ?? 0) + (children.get(pid) ?? []).reduce((sum, child) => sum + treeTicks(child), 0);
  return new Map(roots.map((root) => [root, (treeTicks(root) * 1000) / ticksPerSecond]));
}

/** CPU milliseconds of one process alone (a PostgreSQL backend the benchmark itself uses, to leave out). */
export function processCpuMs(pid: number): number {
  const stat = readStat(pid);
  return stat ? (stat.ticks * 1000) / ticksPerSecond : 0;
}
