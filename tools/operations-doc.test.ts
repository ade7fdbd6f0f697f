import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { loadEnv } from '#server/env';

/** docs/operations.md shows the systemd unit an operator copies; it must be one systemd accepts, for this product. */

const unitText = async () => {
  const doc = await readFile('docs/operations.md', 'utf8');
  const unit = /```ini\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!unit) throw new Error('docs/operations.md shows no ```ini block');
  return unit;
};

const hasSystemdAnalyze = (() => {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

it.runIf(hasSystemdAnalyze)('systemd-analyze verify accepts the unit without a warning', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'promptcron-unit-'));
  try {
    await writeFile(join(dir, 'promptcron.service'), await unitText());
    const { stdout, stderr } = await promisify(execFile)('systemd-analyze', ['verify', join(dir, 'promptcron.service')]);
    expect(stderr + stdout).toBe('');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('starts the compiled product and waits out its shutdown grace period', async () => {
  const service = Object.fromEntries(
    (await unitText())
      .split('\n')
      .filter((line) => /^[A-Za-z]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const [, program, ...args] = String(service.ExecStart).split(' ').slice(1);
  expect([program, ...args]).toEqual(['bin/promptcron.js', 'main']);
  expect(existsSync(program ?? '')).toBe(true);
  // systemd sends SIGKILL after TimeoutStopSec: it must outlast the grace the workers give their running jobs.
  expect(Number(service.TimeoutStopSec)).toBeGreaterThan(loadEnv({}).SHUTDOWN_GRACE_SECONDS + 5);
});
