#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { buildInputs, buildStamp, buildTools, productRoot } from './build-paths.js';

const lockDir = `${productRoot}/dist/.building`;
// A build takes seconds; a lock this old was left by a build that was killed.
const abandonedLockMs = 10 * 60_000;

/**
 * Builds `dist/` when it is missing or older than its sources (issue 38): `git pull && npm install && npm start`
 * serves the new web app without a separate `npm run build`. The build runs in a child process, so Vite's memory is
 * never the server's. Processes starting at once (`npm run serve` beside `npm run worker`) build once.
 */
export async function ensureFreshBuild() {
  if (!isStale()) return;
  if (!buildToolsInstalled()) {
    if (existsSync(buildStamp)) {
      console.error('Promptcron: the sources are newer than dist/, but the build tools are not installed; starting the existing build.');
      return;
    }
    console.error('Promptcron could not start: dist/ is missing and the build tools are not installed. Run `npm ci && npm run build`.');
    process.exit(1);
  }
  await withBuildLock(async () => {
    if (!isStale()) return; // another process built while this one waited
    console.error(
      existsSync(buildStamp) ? 'Promptcron: the sources changed since the last build; building…' : 'Promptcron: building (first start)…',
    );
    await runBuild();
  });
}

function isStale() {
  if (!existsSync(buildStamp)) return true;
  const builtAt = statSync(buildStamp).mtimeMs;
  return buildInputs.some((input) => newestChange(join(productRoot, input)) > builtAt);
}

/** The newest modification under a path; tests are not part of the build. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as its folder's change
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function buildToolsInstalled() {
  try {
    for (const tool of buildTools) import.meta.resolve(tool);
    return true;
  } catch {
    return false;
  }
}

async function withBuildLock(work) {
  mkdirSync(join(productRoot, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs > abandonedLockMs)
        rmSync(lockDir, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function runBuild() {
  const build = spawn(process.execPath, [join(productRoot, 'bin/build.js')], { cwd: productRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  // A process manager's stop during the build stops the build too.
  const stop = (signal) => build.kill(signal);
  process.once('SIGTERM', stop).once('SIGINT', stop);
  return new Promise((resolve) => {
    build.on('exit', (code, signal) => {
      process.off('SIGTERM', stop).off('SIGINT', stop);
      if (code === 0) return resolve();
      console.error(`Promptcron could not start: the build failed${signal ? ` (${signal})` : ''}.`);
      process.exit(1);
    });
  });
}

// `node bin/fresh-build.js`: what `npm run test:e2e` and the test kit call before starting the compiled product.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await ensureFreshBuild();
