#!/usr/bin/env node
/**
 * `node bin/promptcron.js <program> [arguments]`: what `npm start`, `npm run serve`, `npm run worker` and the
 * command-line tools run. Builds first when `dist/` is missing or stale, then runs the compiled program in this
 * process, so signals reach it directly (ADR 0071).
 */
import { pathToFileURL } from 'node:url';
import { serverEntries, serverOutDir } from './build-paths.js';
import { ensureFreshBuild } from './fresh-build.js';

const program = process.argv[2] ?? '';
if (!(program in serverEntries)) {
  console.error(`Usage: node bin/promptcron.js <${Object.keys(serverEntries).join('|')}> [arguments]`);
  process.exit(1);
}
await ensureFreshBuild();
// The program reads its own arguments from process.argv, as when started directly.
process.argv.splice(2, 1);
await import(pathToFileURL(`${serverOutDir}/${program}.js`).href);
