import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import type * as Prerender from './src/web/prerender-landing';

type ChunkingContext = Rolldown.ChunkingContext;

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
export const webOutDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/** The landing page's lazily loaded route modules (ADR 0011). */
const landingModules = ['src/web/app/layouts/public-layout.tsx', 'src/web/app/routes/landing.tsx'];

/**
 * Adds <link rel="modulepreload"> for the landing page's route chunks (and what they import) to index.html, so the
 * browser fetches them beside the entry chunk instead of after it has run: one round trip less before the landing
 * page paints. Since ADR 0042 these are the `public` and `common` chunks, so /login, /register and the other public
 * pages gain that round trip too; every page needs `common` anyway, and the signed-in pages preload `public` (about
 * 9 KB gzipped) for nothing.
 */
function preloadLandingChunks(): Plugin {
  return {
    name: 'promptcron:preload-landing-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        // What the entry imports, directly or not, Vite already preloads.
        const alreadyLoaded = new Set<string>();
        const visitLoaded = (fileName: string) => {
          if (alreadyLoaded.has(fileName)) return;
          alreadyLoaded.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visitLoaded(imported);
        };
        if (entry) visitLoaded(entry.fileName);
        const wanted = new Set<string>();
        const visit = (fileName: string) => {
          if (wanted.has(fileName) || alreadyLoaded.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
        };
        for (const chunk of chunks) {
          // The landing modules share the `public` chunk with the other public pages (ADR 0042), so no chunk is theirs.
          const sources = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
          if (landingModules.some((module) => sources.some((source) => source.endsWith(module)))) visit(chunk.fileName);
        }
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** The landing page's own script for visitors (ADR 0013), a second entry beside the SPA's index.html. */
const enhanceLandingEntry = 'src/web/landing/enhance-landing.ts';
/** The script of /dashboard as the server renders it (ADR 0057), a third entry. */
const enhanceDashboardEntry = 'src/web/landing/enhance-dashboard.ts';

type EntryScript = { fileName: string; imports: string[] };

function entryScript(bundle: Rolldown.OutputBundle, entry: string): EntryScript | undefined {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.replaceAll('\\', '/').endsWith(entry),
  );
  return chunk?.type === 'chunk' ? { fileName: chunk.fileName, imports: chunk.imports } : undefined;
}

/** A module script and modulepreloads for what it imports, for a page's <head>. */
function scriptTags({ fileName, imports }: EntryScript): string {
  return [
    `<script type="module" crossorigin src="/${fileName}"></script>`,
    ...imports.map((imported) => `<link rel="modulepreload" crossorigin href="/${imported}">`),
  ].join('\n    ');
}

/**
 * Writes the landing page pre-rendered into index.html's #root (ADR 0012), which the server sends for `/`, in two
 * variants (ADR 0013):
 * - landing.html, for visitors without a session: the signed-out page with only enhance-landing.ts, which starts
 *   the SPA when the visitor is about to leave the page;
 * - landing-session.html, for requests with a session cookie: index.html with the app's first render, which the
 *   SPA renders over at once, so a signed-in user sees the signed-in header.
 * And the other public pages for visitors, the same way as landing.html (ADR 0054, 0111).
 */
function prerenderLandingPage(): Plugin {
  let enhanceScript: EntryScript | undefined;
  let dashboardScript: EntryScript | undefined;
  let signedInPreloads: { add: string[]; drop: string[] } | undefined;
  return {
    name: 'promptcron:prerender-landing-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      enhanceScript = entryScript(bundle, enhanceLandingEntry);
      dashboardScript = entryScript(bundle, enhanceDashboardEntry);
      signedInPreloads = signedInChunks(bundle);
    },
    async closeBundle() {
      if (!enhanceScript) throw new Error(`The build has no chunk for ${enhanceLandingEntry}`);
      if (!dashboardScript) throw new Error(`The build has no chunk for ${enhanceDashboardEntry}`);
      const { tsImport } = await import('tsx/esm/api');
      const {
        renderLandingPage,
        renderAuthPage,
        prerenderedAuthPages,
        renderPrerenderedPages,
        prerenderedPageFile,
        fillPublicPage,
        withoutSuspenseMarkers,
        dashboardPageSlots,
      } = (await tsImport('./src/web/prerender-landing.tsx', import.meta.url)) as typeof Prerender;
      const render = (audience: Prerender.LandingAudience) => withoutSuspenseMarkers(renderLandingPage(audience));
      const indexHtml = await readFile(join(webOutDir, 'index.html'), 'utf8');
      if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
      const fill = (html: string, markup: string) => html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);

      await writeFile(join(webOutDir, 'landing-session.html'), fill(indexHtml, render('session')));

      // The visitor's page keeps index.html's stylesheet but none of the SPA's scripts.
      const spaScripts = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
      const visitorHtml = indexHtml.replace(spaScripts, '').replace('</head>', `  ${scriptTags(enhanceScript)}\n  </head>`);
      await writeFile(join(webOutDir, 'landing.html'), fill(visitorHtml, render('visitor')));

      // ADR 0054: the signed-in pages' variant of index.html preloads their layout and the overview instead of the
      // public pages' chunk, so /dashboard fetches its code in the entry's round trip too.
      if (!signedInPreloads) throw new Error('The build found no chunks for the signed-in pages');
      let signedInHtml = indexHtml;
      for (const fileName of signedInPreloads.drop)
        signedInHtml = signedInHtml.replace(new RegExp(`\\s*<link rel="modulepreload"[^>]*href="/${fileName}">`), '');
      const signedInTags = signedInPreloads.add
        .filter((fileName) => !indexHtml.includes(`/${fileName}"`))
        .map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`)
        .join('\n    ');
      await writeFile(join(webOutDir, 'signed-in.html'), signedInHtml.replace('</head>', `  ${signedInTags}\n  </head>`));

      // ADR 0057: the template the server renders /dashboard into. Only its own script: the SPA loads on first use.
      const dashboardHtml = indexHtml
        .replace(spaScripts, '')
        .replace('</head>', `  ${scriptTags(dashboardScript)}\n  </head>`)
        .replace('</body>', `  ${dashboardPageSlots.queries}\n  </body>`);
      if (!dashboardHtml.includes(dashboardPageSlots.markup)) throw new Error('dashboard.html has no empty #root to fill');
      await writeFile(join(webOutDir, 'dashboard.html'), dashboardHtml);

      // ADR 0054: /login and /register for visitors, the same way. A form submitted before the script has run posts
      // (the server turns that away) rather than putting the password into the address as a GET would.
      for (const page of prerenderedAuthPages) {
        const markup = withoutSuspenseMarkers(renderAuthPage(page.path)).replaceAll('<form ', '<form method="post" ');
        const html = visitorHtml.replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`);
        await writeFile(join(webOutDir, page.file), fill(html, markup));
      }

      // ADR 0111: every other public page, pre-rendered the same way, one file per URL; the server reads the list.
      const pages: Record<string, string> = {};
      for (const { path, page } of await renderPrerenderedPages()) {
        const file = prerenderedPageFile(path);
        await mkdir(dirname(join(webOutDir, file)), { recursive: true });
        const markup = page.markup.replaceAll('<form ', '<form method="post" ');
        await writeFile(join(webOutDir, file), fillPublicPage(visitorHtml, { markup, ...page.meta }));
        pages[path] = file;
      }
      await writeFile(join(webOutDir, 'prerendered-pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
      // ADR 0111: the template the server renders the live public pages (/status, /docs/api) into, for visitors.
      await writeFile(join(webOutDir, 'live-page.html'), visitorHtml);
    },
  };
}

/** The chunks of the dashboard layout and overview (with what they import), and the public pages' own. */
function signedInChunks(bundle: Rolldown.OutputBundle): { add: string[]; drop: string[] } {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const holding = (module: string) => chunks.filter((chunk) => chunk.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
  const add = new Set<string>();
  const visit = (fileName: string) => {
    if (add.has(fileName)) return;
    add.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of [
    ...holding('/app/layouts/dashboard-layout.tsx'),
    ...holding('/app/routes/dashboard/overview.tsx'),
    ...holding('/app/routes/guards.tsx'),
  ]) {
    visit(chunk.fileName);
  }
  const drop = holding('/app/layouts/public-layout.tsx')
    .map((chunk) => chunk.fileName)
    .filter((fileName) => !add.has(fileName));
  if (add.size === 0) throw new Error('vite.config.ts: found no chunk of the dashboard layout');
  return { add: [...add], drop };
}

/*
 * The SPA's chunks (ADR 0042). Left to itself, rolldown makes one chunk per set of lazy routes sharing a module, so a
 * page such as /login needed some fifty files, queued on HTTP/1.1's six connections per host. Instead, a module goes
 * by where it is used:
 * - app:       what the entry runs before any route (React, the router, the query client, the root layout);
 * - common:    what the public pages and the signed-in area both use (zod, forms, the header, the session gate);
 * - public:    what only the public shell uses (its layout, the landing page, the sign-in and sign-up pages);
 * - signed-in: the dashboard layout, and what three or more signed-in pages share and needs no overlay (below);
 * - content:   what several content pages (docs, blog, guides) share.
 * A module used by one lazy route only stays in that route's chunk, and code that is loaded late on purpose (the
 * toaster, the phone menu's sheet, the account menu) stays apart, except that dialogs and menus, which public pages
 * load only on demand and many signed-in pages use, share one chunk:
 * - overlays:  Radix dialog, dropdown menu and what they bring (focus trap, scroll lock, floating-ui).
 * The landing page's own script (ADR 0013) and what it shares with the SPA are left alone, so the visitor's landing
 * page stays a few kilobytes.
 *
 * A module's imports are reached by at least the same lazy routes as the module itself, which puts them in its own
 * group or in `app`/`common`; so groups import only `app`, `common` (and `public`, for `content`) and the landing
 * script's small shared chunks, never each other in a cycle, and nothing runs before what it imports.
 *
 * The module graph counts a barrel's re-exports as imports: `import { X } from 'lucide-react'` looks like it imports
 * every icon. So the icons (and @tanstack/react-query's hooks) that any page uses ride in `app`, which every page
 * loads anyway; a few kilobytes gzipped.
 */

type Area = 'shell' | 'signed-in' | 'content';

const routes = '/src/web/app/routes/';

/** The areas whose pages load a lazily imported module; none for code deferred on purpose. */
function areasOf(lazyModule: string): Area[] {
  const path = lazyModule.replaceAll('\\', '/');
  // The session gate: SessionWatch runs beside every page, RequireSignedIn guards the signed-in area.
  if (path.endsWith(`${routes}guards.tsx`)) return ['shell', 'signed-in'];
  if (
    path.endsWith('/src/web/app/layouts/public-layout.tsx') ||
    /\/routes\/(landing|not-found|auth\/[\w-]+)\.tsx$/.test(path) ||
    // Schemas every page fetches as soon as it has rendered: the site's links, the status badge, the session.
    /\/src\/(shared\/(site-config|health|auth\/me)\.schema|web\/lib\/session-response\.schema)\.ts$/.test(path)
  ) {
    return ['shell'];
  }
  if (path.endsWith('/src/web/app/layouts/dashboard-layout.tsx') || /\/routes\/(dashboard\/|admin\/|settings\.tsx$)/.test(path))
    return ['signed-in'];
  if (path.includes(`${routes}content/`) || path.endsWith(`${routes}unsubscribe.tsx`)) return ['content'];
  return [];
}

/** Every module statically imported from `from`, `from` included. */
function staticClosure(ctx: ChunkingContext, from: string, stopAt: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || stopAt.has(id)) continue;
    seen.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export interface AppEntries {
  /** What both entries start the SPA with (app/start-app.tsx), not main.tsx, whose top level starts it. */
  appEntry: string;
  /** The landing page's own script (landing/enhance-landing.ts). */
  landingEntry: string;
}

/** Module id → chunk name, for every module that goes in a group. */
function assignChunks(ctx: ChunkingContext, { appEntry, landingEntry }: AppEntries): Map<string, string> {
  for (const entry of [appEntry, landingEntry]) {
    if (!ctx.getModuleInfo(entry)) throw new Error(`vite.config.ts: the build has no module ${entry}`);
  }
  const landingScript = staticClosure(ctx, landingEntry);
  const app = staticClosure(ctx, appEntry, landingScript);

  // Every lazily imported module, and which areas (and how many lazy modules) reach each module statically.
  const lazyModules = new Set<string>();
  const visited = new Set<string>();
  const pending = [appEntry, landingEntry];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (visited.has(id)) continue;
    visited.add(id);
    const info = ctx.getModuleInfo(id);
    for (const lazy of info?.dynamicallyImportedIds ?? []) lazyModules.add(lazy);
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  const reachedBy = new Map<string, { areas: Set<Area | 'deferred'>; count: number }>();
  const skip = new Set([...app, ...landingScript]);
  for (const lazy of lazyModules) {
    const areas = areasOf(lazy);
    for (const id of staticClosure(ctx, lazy, skip)) {
      const reach = reachedBy.get(id) ?? { areas: new Set(), count: 0 };
      for (const area of areas.length ? areas : (['deferred'] as const)) reach.areas.add(area);
      reach.count++;
      reachedBy.set(id, reach);
    }
  }

  const chunks = new Map<string, string>();
  for (const id of app) chunks.set(id, 'app');
  const dashboardLayout = staticClosure(ctx, [...lazyModules].find((id) => id.endsWith('/layouts/dashboard-layout.tsx')) ?? '', skip);
  for (const [id, { areas, count }] of reachedBy) {
    const only = (...allowed: (Area | 'deferred')[]) => [...areas].every((area) => allowed.includes(area));
    if (areas.has('shell')) chunks.set(id, only('shell', 'content') ? 'public' : 'common');
    else if (only('signed-in')) {
      if (count > 2 || dashboardLayout.has(id)) chunks.set(id, 'signed-in');
    } else if (only('content')) {
      if (count > 1) chunks.set(id, 'content');
    } else if (areas.has('signed-in') && areas.has('content')) chunks.set(id, 'common');
    // Dialogs and menus: on demand on public pages (the phone menu's sheet, the account menu), everywhere signed in.
    else if (only('signed-in', 'deferred')) chunks.set(id, 'overlays');
  }
  // The signed-in pages that open no dialog or menu need not wait for them: what brings them in stays with its pages.
  for (const [id, chunk] of chunks) {
    if (chunk !== 'signed-in') continue;
    if ([...staticClosure(ctx, id, skip)].some((dependency) => chunks.get(dependency) === 'overlays')) chunks.delete(id);
  }
  return chunks;
}

/** `build.rolldownOptions.output.codeSplitting` for the SPA: the groups above. */
export function appCodeSplitting(entries: AppEntries): Rolldown.CodeSplittingOptions {
  // The chunking pass reuses one graph, and rolldown asks for every module's group: compute the answer once per pass.
  let assigned: { ctx: ChunkingContext; chunks: Map<string, string> } | undefined;
  return {
    groups: [
      {
        debugName: 'app areas',
        name: (id, ctx) => {
          if (assigned?.ctx !== ctx) assigned = { ctx, chunks: assignChunks(ctx, entries) };
          return assigned.chunks.get(id) ?? null;
        },
        // The assignment already keeps a module's imports in its own group or in one every importer loads first.
        includeDependenciesRecursively: false,
      },
    ],
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), preloadLandingChunks(), prerenderLandingPage()],
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: join(webRoot, 'index.html'),
        'enhance-landing': fileURLToPath(new URL(`./${enhanceLandingEntry}`, import.meta.url)),
        'enhance-dashboard': fileURLToPath(new URL(`./${enhanceDashboardEntry}`, import.meta.url)),
      },
      // toast.ts imports sonner, and every form uses it: the toaster's lazy import of sonner finds it already loaded.
      onLog: (level, log, handler) => {
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('node_modules/sonner/')) return;
        handler(level, log);
      },
      // A few chunks per area instead of one per set of routes sharing a module (ADR 0042).
      output: {
        codeSplitting: appCodeSplitting({
          appEntry: join(webRoot, 'app/start-app.tsx'),
          landingEntry: fileURLToPath(new URL(`./${enhanceLandingEntry}`, import.meta.url)),
        }),
      },
    },
  },
  server: {
    // `npm run dev:web` serves the SPA with hot reload next to an API started by `npm start`.
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The API refuses state-changing requests from another origin (routes/csrf.ts, better-auth's own check): the
        // dev server is the same app on another port, so it speaks as the API's origin.
        configure: (proxy) =>
          proxy.on('proxyReq', (request) => request.getHeader('origin') && request.setHeader('origin', 'http://localhost:3000')),
      },
    },
  },
});
