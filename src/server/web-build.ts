import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from './logger';

export const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
const viteConfig = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

/** `npm start` on a fresh clone builds the web app once; later starts reuse dist/web (`npm run build` refreshes it). */
export async function ensureWebBuild(logger: Logger): Promise<string> {
  if (existsSync(join(webDir, 'index.html'))) return webDir;
  logger.info('building the web app (first start, takes a few seconds)');
  const { build } = await import('vite');
  await build({ configFile: viteConfig, logLevel: 'warn' });
  return webDir;
}
