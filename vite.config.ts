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
        const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
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

/**
 * Writes dist/web/landing.html: index.html with the landing page already rendered into #root (ADR 0012), which the
 * server sends for `/`. The page then paints from HTML and CSS alone; the scripts take over when they arrive.
 */
function prerenderLandingPage(): Plugin {
  return {
    name: 'promptcron:prerender-landing-page',
    apply: 'build',
    async closeBundle() {
      const { tsImport } = await import('tsx/esm/api');
      const { renderLandingPage } = (await tsImport('./src/web/prerender-landing.tsx', import.meta.url)) as { renderLandingPage: typeof RenderLandingPage };
      // renderToString marks Suspense boundaries it could not fill (the lazily loaded session watch); the browser
      // renders those itself, so the markers only add bytes.
      const markup = renderLandingPage().replace(/<!--\$!?-->(<template[^>]*><\/template>)?|<!--\/\$-->/g, '');
      const indexHtml = await readFile(join(webOutDir, 'index.html'), 'utf8');
      if (!indexHtml.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
      await writeFile(join(webOutDir, 'landing.html'), indexHtml.replace('<div id="root"></div>', `<div id="root">${markup}</div>`));
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), preloadLandingChunks(), prerenderLandingPage()],
  build: {
    outDir: webOutDir,
    emptyOutDir: true,
  },
  server: {
    // `npm run dev:web` serves the SPA with hot reload next to an API started by `npm start`.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
