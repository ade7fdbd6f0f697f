import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

/** ADR 0102: graphile-worker's private tables are named in one module, whose contract test checks them on upgrades. */
it('names graphile-worker’s private tables only in queue-internals.ts', () => {
  const pattern = ['-e', '_private_jobs', '-e', '_private_tasks'];
  const naming = execFileSync('git', ['grep', '-l', ...pattern, '--', 'src', 'test', 'bench', 'chaos', 'e2e', 'tools'], {
    encoding: 'utf8',
  });
  const outside = naming.split('\n').filter((file) => file !== '' && !file.startsWith('src/server/queue/queue-internals.'));
  expect(outside).toEqual([]);
});
