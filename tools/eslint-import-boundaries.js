import path from 'node:path';

/**
 * Import boundaries of ARCHITECTURE section 3, checked on resolved paths (not on how an import is spelled):
 * - src/shared imports nothing from src/server or src/web;
 * - src/web imports nothing from src/server, except `import type` (a typed API client);
 * - a web feature (src/web/features/<name>) does not import another feature.
 */
const root = process.cwd();

function area(file) {
  const relative = path.relative(root, file).split(path.sep);
  if (relative[0] !== 'src') return {};
  return { top: relative[1], feature: relative[2] === 'features' ? relative[3] : undefined };
}

/** The package's subpath imports (package.json "imports"), so `#shared/x` and `../../shared/x` are the same place. */
const subpathRoots = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#test/': 'test/' };

function resolveImport(fromFile, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  const prefix = Object.keys(subpathRoots).find((name) => source.startsWith(name));
  return prefix ? path.resolve(root, subpathRoots[prefix], source.slice(prefix.length)) : undefined;
}

function violation(fromFile, source, typeOnly) {
  const target = resolveImport(fromFile, source);
  if (!target) return undefined;
  const from = area(fromFile);
  const to = area(target);
  if (from.top === 'shared' && (to.top === 'server' || to.top === 'web')) return `src/shared must not import src/${to.top} ("${source}").`;
  if (from.top === 'web' && to.top === 'server' && !typeOnly) return `src/web must not import server code ("${source}"); only \`import type\` is allowed.`;
  if (from.feature && to.feature && from.feature !== to.feature) {
    return `Feature "${from.feature}" must not import feature "${to.feature}" ("${source}"): compose them in src/web/app.`;
  }
  return undefined;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Keep shared, server, web and web features apart.' } },
  create(context) {
    const check = (node, typeOnly) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const message = violation(context.filename, node.source.value, typeOnly);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, false),
    };
  },
};

export default { rules: { 'import-zones': rule } };
