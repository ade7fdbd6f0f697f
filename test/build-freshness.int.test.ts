import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

/**
 * Issue 38: `git pull && npm install && npm start` serves the new web app. bin/promptcron.js builds first when dist/
 * is missing or older than the sources; here on a copy of the product, so the build other suites run stays put.
 */

let product: string;

beforeAll(async () => {
  product = await mkdtemp(join(tmpdir(), 'promptcron-build-'));
  for (const entry of ['bin', 'src', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json']) {
    await cp(entry, join(product, entry), { recursive: true, preserveTimestamps: true });
  }
  await symlink(join(process.cwd(), 'node_modules'), join(product, 'node_modules'));
});

afterAll(async () => {
  await rm(product, { recursive: true, force: true });
});

const freshBuild = async () => (await promisify(execFile)(process.execPath, ['bin/fresh-build.js'], { cwd: product })).stderr;
const builtAt = async () => (await stat(join(product, 'dist', 'build.json'))).mtimeMs;

it('builds when dist/ is missing, keeps a fresh build and rebuilds after a source changes', async () => {
  expect(await freshBuild()).toContain('Promptcron: building (first start)…');
  expect(await readFile(join(product, 'dist', 'web', 'index.html'), 'utf8')).toContain('Automate your workflow');
  const firstBuild = await builtAt();

  expect(await freshBuild()).toBe('');
  expect(await builtAt()).toBe(firstBuild);

  // What a `git pull` does to a page: a newer file.
  const page = join(product, 'src', 'web', 'index.html');
  await writeFile(page, (await readFile(page, 'utf8')).replace('Automate your workflow', 'Automate your whole workflow'));
  expect(await freshBuild()).toContain('Promptcron: the sources changed since the last build; building…');
  expect(await readFile(join(product, 'dist', 'web', 'index.html'), 'utf8')).toContain('Automate your whole workflow');
  expect(await builtAt()).toBeGreaterThan(firstBuild);
}, 120_000);
