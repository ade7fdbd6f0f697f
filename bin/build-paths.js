import { fileURLToPath } from 'node:url';

/** Where `npm run build` reads and writes; shared by the build, the launcher and the tests. */
export const productRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
export const serverOutDir = `${productRoot}/dist/server`;
/** Written last by a build that succeeded; its modification time is the build's. */
export const buildStamp = `${productRoot}/dist/build.json`;

/** The compiled programs: `dist/server/<name>.js`, started by `node bin/promptcron.js <name>`. */
export const serverEntries = {
  main: 'src/server/main.ts',
  user: 'src/server/cli/user.ts',
  digest: 'src/server/cli/digest.ts',
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
  'status-rollup': 'src/server/cli/status-rollup.ts',
};

/**
 * What a build is made from: a change to any of these makes `dist/` stale. Not package-lock.json: `npm prune` and
 * `npm install` rewrite it unchanged, and a pulled dependency change comes with package.json.
 */
export const buildInputs = ['src', 'vite.config.ts', 'tsconfig.json', 'package.json', 'bin'];

/** What the build imports; a production install (`npm prune --omit=dev`) has not all of them. */
export const buildTools = ['vite', 'esbuild', '@vitejs/plugin-react', '@tailwindcss/vite'];
