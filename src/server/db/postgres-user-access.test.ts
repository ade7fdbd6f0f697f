import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { firstClosedDirectory } from './postgres-user-access';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'promptcron-access-'));
  await chmod(root, 0o755);
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('finds the first directory on the way that other users cannot enter', async () => {
  await mkdir(join(root, 'home/jane/promptcron'), { recursive: true });
  await chmod(join(root, 'home/jane'), 0o700);
  expect(await firstClosedDirectory(join(root, 'home/jane/promptcron/node_modules/initdb'))).toBe(join(root, 'home/jane'));
});

it('finds none when every directory lets others through, nor past one not created yet', async () => {
  await mkdir(join(root, 'srv/promptcron'), { recursive: true });
  expect(await firstClosedDirectory(join(root, 'srv/promptcron/data'))).toBeUndefined();
});
