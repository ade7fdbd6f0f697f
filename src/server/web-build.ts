import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StartupError } from './http-server';

export const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * The web app is built by `npm run build`, which `npm start` runs first when dist/ is stale (bin/fresh-build.js): the
 * server never loads Vite (issue 38).
 */
export function builtWebApp(): string {
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new StartupError(
      'The web app is not built (dist/web is missing). Run `npm run build`, or start with `npm start`, which builds it.',
    );
  }
  return webDir;
}
