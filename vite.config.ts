import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { renderLandingPage as RenderLandingPage } from './src/web/prerender-landing';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
export const webOutDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/** The landing page's lazily loaded route modules (ADR 0011). */
const landingModules = ['src/web/app/layouts/public-layout.tsx', 'src/web/app/routes/landing.tsx'];

/**
 * Adds <link rel="modulepreload"> for the landing page's route chunks (and what they import) to index.html, so the
 * browser fetches them beside the entry chunk instead of after it has run: one round trip less before the landing
 * page paints. The chunks stay separate, so other pages only pay for the preload of a few kilobytes.
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
          const source = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
          if (landingModules.some((module) => source.endsWith(module))) visit(chunk.fileName);
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

/**
 * Writes the landing page pre-rendered into index.html's #root (ADR 0012), which the server sends for `/`, in two
 * variants (ADR 0013):
 * - landing.html, for visitors without a session: the signed-out page with only enhance-landing.ts, which starts
 *   the SPA when the visitor is about to leave the page;
 * - landing-session.html, for requests with a session cookie: index.html with the app's first render, which the
 *   SPA renders over at once, so a signed-in user sees the signed-in header.
 */
function prerenderLandingPage(): Plugin {
  let enhanceScript: { fileName: string; imports: string[] } | undefined;
  return {
    name: 'promptcron:prerender-landing-page',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId?.replaceAll('\\', '/').endsWith(enhanceLandingEntry),
      );
      if (entry?.type === 'chunk') enhanceScript = { fileName: entry.fileName, imports: entry.imports };
    },
    async closeBundle() {
      if (!enhanceScript) throw new Error(`The build has no chunk for ${enhanceLandingEntry}`);
      const { tsImport } = await import('tsx/esm/api');
      const { renderLandingPage } = (await tsImport('./src/web/prerender-landing.tsx', import.meta.url)) as { renderLandingPage: typeof RenderLandingPage };
      // renderToString marks Suspense boundaries it could not fill (the lazily loaded session watch); the browser
      // renders those itself, so the markers only add bytes.
      const render = (audience: Parameters<typeof RenderLandingPage>[0]) =>
        renderLandingPage(audience).replace(/<!--\$!?-->(<template[^>]*><\/template>)?|<!--\/\$-->/g, '');
      const indexHtml = await readFile(join(webOutDir, 'index.html'), 'utf8');
      if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
      const fill = (html: string, markup: string) => html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);

      await writeFile(join(webOutDir, 'landing-session.html'), fill(indexHtml, render('session')));

      // The visitor's page keeps index.html's stylesheet but none of the SPA's scripts.
      const spaScripts = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;
      const enhanceTags = [
        `<script type="module" crossorigin src="/${enhanceScript.fileName}"></script>`,
        ...enhanceScript.imports.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
      ].join('\n    ');
      const visitorHtml = indexHtml.replace(spaScripts, '').replace('</head>', `  ${enhanceTags}\n  </head>`);
      await writeFile(join(webOutDir, 'landing.html'), fill(visitorHtml, render('visitor')));
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), preloadLandingChunks(), prerenderLandingPage()],
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
    rollupOptions: {
      input: { index: join(webRoot, 'index.html'), 'enhance-landing': fileURLToPath(new URL(`./${enhanceLandingEntry}`, import.meta.url)) },
    },
  },
  server: {
    // `npm run dev:web` serves the SPA with hot reload next to an API started by `npm start`.
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        // The API refuses state-changing requests from another origin (routes/csrf.ts, better-auth's own check): the
        // dev server is the same app on another port, so it speaks as the API's origin.
        configure: (proxy) => proxy.on('proxyReq', (request) => request.getHeader('origin') && request.setHeader('origin', 'http://localhost:3000')),
      },
    },
  },
});
