import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Import boundaries of ARCHITECTURE section 3, checked on resolved paths (not on how an import is spelled).
 *
 * Rule `import-zones`:
 * - src/shared imports nothing from src/server or src/web;
 * - src/web imports nothing from src/server, except `import type` (a typed API client);
 * - a web feature (src/web/features/<name>) does not import another feature;
 * - src/server's layers (below): a zone imports only the zones listed for it, plus itself and src/shared. Type-only
 *   imports count too: knowing another layer's types is knowing the layer. Test files (`*.test.ts`, and src/web/testing) are exempt, since
 *   a test sets up whatever layers it needs, and only they may import test/ (`#test/...`).
 *
 *   zone (src/server/...)                       may import
 *   app       main, app, deps, migrate,          every zone: it composes them
 *             http-server, web-build, cli/,
 *             dashboard-page, live-public-page
 *   routes    routes/                           app-env, core, auth, queue, events, db, metrics, status, base
 *   app-env   app-env.ts (the Hono context)     auth, events, db, mail, base (the types of what requests get)
 *   engine    engine/                           core, queue, db, delivery, mail, providers, metrics, backup, status,
 *                                               base
 *   core      core/                             auth, queue, events, db, mail, delivery, payments, base
 *   auth      auth/ (better-auth, accounts)     events, queue, db, mail, base
 *   queue     queue/ (job definitions, enqueue) db, base
 *   events    events/                           db, base
 *   delivery, mail, providers, payments,        base (payments: the Stripe SDK client; metrics: prom-client's
 *   metrics                                     registry, which routes and engine record into)
 *   backup    backup/ (ADR 0069)                db, base
 *   watchdog  watchdog/ (ADR 0075)              db, mail, metrics, base
 *   status    status/ (ADR 0076)                core, db, base
 *   db        db/                               base
 *   base      env, logger, log-redaction,       base
 *             version, lib/
 *
 *   So routes -> core -> db: core never imports routes or engine, and db imports nothing above it. A new top-level
 *   file or folder in src/server is an error until it is given a zone here.
 *
 * Rule `no-cycle`: no import cycle among the modules of src/server and src/shared. Only imports that load code count:
 * `import type` (or every specifier `type`) and dynamic `import()` do not. The modules a file imports are read from
 * disk and scanned with a regular expression, once per lint run (see `moduleCache`).
 */
const root = process.cwd();

const serverZoneOf = {
  main: 'app',
  app: 'app',
  deps: 'app',
  migrate: 'app',
  'http-server': 'app',
  'web-build': 'app',
  'dashboard-page': 'app',
  'live-public-page': 'app',
  cli: 'app',
  'app-env': 'app-env',
  routes: 'routes',
  engine: 'engine',
  core: 'core',
  auth: 'auth',
  queue: 'queue',
  events: 'events',
  delivery: 'delivery',
  mail: 'mail',
  providers: 'providers',
  metrics: 'metrics',
  payments: 'payments',
  backup: 'backup',
  watchdog: 'watchdog',
  status: 'status',
  db: 'db',
  env: 'base',
  logger: 'base',
  'log-redaction': 'base',
  version: 'base',
  lib: 'base',
};

const base = ['base'];
const serverZoneImports = {
  app: '*',
  routes: ['app-env', 'core', 'auth', 'queue', 'events', 'db', 'metrics', 'status', ...base],
  'app-env': ['auth', 'events', 'db', 'mail', ...base],
  engine: ['core', 'queue', 'db', 'delivery', 'mail', 'providers', 'metrics', 'backup', 'status', ...base],
  core: ['auth', 'queue', 'events', 'db', 'mail', 'delivery', 'payments', ...base],
  auth: ['events', 'queue', 'db', 'mail', ...base],
  queue: ['db', ...base],
  events: ['db', ...base],
  delivery: base,
  mail: base,
  providers: base,
  payments: base,
  metrics: base,
  backup: ['db', ...base],
  watchdog: ['db', 'mail', 'metrics', ...base],
  status: ['core', 'db', ...base],
  db: base,
  base,
};

function relativeParts(file) {
  return path.relative(root, file).split(path.sep);
}

function area(file) {
  const relative = relativeParts(file);
  if (relative[0] === 'test') return { top: 'test' };
  if (relative[0] !== 'src') return {};
  const serverName = relative[1] === 'server' && relative[2] ? relative[2].replace(/\.tsx?$/, '') : undefined;
  return {
    top: relative[1],
    feature: relative[2] === 'features' ? relative[3] : undefined,
    serverName,
    serverZone: serverName === undefined ? undefined : serverZoneOf[serverName],
  };
}

/** Test files, and the web's test helpers (src/web/testing), which only tests import. */
const isTestFile = (file) =>
  /\.test\.tsx?$/.test(file) || path.relative(root, file).split(path.sep).slice(0, 3).join('/') === 'src/web/testing';

/** The package's subpath imports (package.json "imports"), so `#shared/x` and `../../shared/x` are the same place. */
const subpathRoots = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#web/': 'src/web/', '#test/': 'test/' };

function resolveImport(fromFile, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  const prefix = Object.keys(subpathRoots).find((name) => source.startsWith(name));
  return prefix ? path.resolve(root, subpathRoots[prefix], source.slice(prefix.length)) : undefined;
}

function serverViolation(fromFile, from, to, source) {
  if (to.top === 'test') return isTestFile(fromFile) ? undefined : `Only tests may import test/ ("${source}").`;
  if (from.top !== 'server' || to.top !== 'server' || isTestFile(fromFile)) return undefined;
  if (!from.serverZone) return `src/server/${from.serverName} has no zone: add it to the table in tools/eslint-import-boundaries.js.`;
  if (!to.serverZone)
    return `src/server/${to.serverName} has no zone: add it to the table in tools/eslint-import-boundaries.js ("${source}").`;
  const allowed = serverZoneImports[from.serverZone];
  if (allowed === '*' || from.serverZone === to.serverZone || allowed.includes(to.serverZone)) return undefined;
  return `Server zone "${from.serverZone}" must not import zone "${to.serverZone}" ("${source}"); it may import ${allowed.join(', ')} (see tools/eslint-import-boundaries.js).`;
}

function violation(fromFile, source, typeOnly) {
  const target = resolveImport(fromFile, source);
  if (!target) return undefined;
  const from = area(fromFile);
  const to = area(target);
  if (from.top === 'shared' && (to.top === 'server' || to.top === 'web')) return `src/shared must not import src/${to.top} ("${source}").`;
  if (from.top === 'web' && to.top === 'server' && !typeOnly)
    return `src/web must not import server code ("${source}"); only \`import type\` is allowed.`;
  if (from.feature && to.feature && from.feature !== to.feature) {
    return `Feature "${from.feature}" must not import feature "${to.feature}" ("${source}"): compose them in src/web/app.`;
  }
  return serverViolation(fromFile, from, to, source);
}

/** Whether an import or export statement loads no code at run time (`import type`, or only `type` specifiers). */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

// ---- no-cycle -------------------------------------------------------------------------------------------------------

const cycleRoots = ['src/server/', 'src/shared/'].map((folder) => path.join(root, folder));
const inCycleScope = (file) => cycleRoots.some((folder) => file.startsWith(folder));

/**
 * Each module's outgoing value imports, read from disk. An ESLint run lints every file within seconds, so the cache
 * lives for a few seconds: a run reads each module once, and a long-lived ESLint (an editor's) sees edits soon after.
 */
const moduleCache = { createdAt: 0, imports: new Map(), files: new Map() };
const cacheLifetimeMs = 5_000;

function freshCache() {
  if (Date.now() - moduleCache.createdAt > cacheLifetimeMs) {
    moduleCache.createdAt = Date.now();
    moduleCache.imports.clear();
    moduleCache.files.clear();
  }
  return moduleCache;
}

/** The file an import path names: as written, or with .ts/.tsx/index added. */
function resolveFile(target) {
  const { files } = freshCache();
  if (files.has(target)) return files.get(target);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  files.set(target, found);
  return found;
}

const staticImport = /^[ \t]*(?:import|export)\s+(type\s+)?([^'"`;=]*?)\s*from\s*['"]([^'"]+)['"]|^[ \t]*import\s*['"]([^'"]+)['"]/gm;

/** Whether a scanned import clause (`{ type A, type B }`) names types only. */
function clauseIsTypeOnly(clause) {
  const braces = clause.match(/^\{([^}]*)\}$/);
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The in-scope modules `file` loads at run time, from its text on disk. */
function valueImportsOf(file) {
  const { imports } = freshCache();
  if (imports.has(file)) return imports.get(file);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // A module that vanished has no imports.
  }
  const found = [];
  for (const match of text.matchAll(staticImport)) {
    const [, typeKeyword, clause, source, sideEffectSource] = match;
    if (typeKeyword || (clause && clauseIsTypeOnly(clause.trim()))) continue;
    const target = resolveImport(file, source ?? sideEffectSource);
    const resolved = target && resolveFile(target);
    if (resolved && inCycleScope(resolved)) found.push(resolved);
  }
  imports.set(file, found);
  return found;
}

/** A path of value imports from `start` back to `goal`, or undefined. */
function pathBack(start, goal) {
  const seen = new Set([start]);
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    for (const next of valueImportsOf(file)) {
      if (next === goal) return [...trail, goal];
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...trail, next]]);
      }
    }
  }
  return undefined;
}

const shortName = (file) => path.relative(root, file).split(path.sep).join('/');

// ---- rules ----------------------------------------------------------------------------------------------------------

function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, isTypeOnly(node)),
    ExportNamedDeclaration: (node) => check(node, isTypeOnly(node)),
    ExportAllDeclaration: (node) => check(node, isTypeOnly(node)),
    ImportExpression: (node) => check(node, false, true),
  };
}

const importZones = {
  meta: { type: 'problem', schema: [], docs: { description: "Keep shared, server, web, web features and the server's layers apart." } },
  create(context) {
    return importVisitors((node, typeOnly) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = violation(context.filename, node.source.value, typeOnly);
      if (message) context.report({ node: node.source, message });
    });
  },
};

const noCycle = {
  meta: { type: 'problem', schema: [], docs: { description: 'No import cycles among the modules of src/server and src/shared.' } },
  create(context) {
    const file = path.resolve(context.filename);
    if (!inCycleScope(file)) return {};
    return importVisitors((node, typeOnly, dynamic) => {
      if (typeOnly || dynamic || !node.source || typeof node.source.value !== 'string') return;
      const target = resolveImport(file, node.source.value);
      const resolved = target && resolveFile(target);
      if (!resolved || !inCycleScope(resolved)) return;
      const cycle = resolved === file ? [file, file] : pathBack(resolved, file);
      if (!cycle) return;
      const trail = [file, ...cycle].map(shortName).join(' -> ');
      context.report({
        node: node.source,
        message: `Import cycle: ${trail}. Move what both need into a lower module, or import it with \`import type\`.`,
      });
    });
  },
};

export default { rules: { 'import-zones': importZones, 'no-cycle': noCycle } };
