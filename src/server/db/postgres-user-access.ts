import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * The first directory on the way to `path` (itself included when it is one) that only its owner and group may enter,
 * or undefined when anyone may reach it. Run as root, the embedded PostgreSQL runs as the `postgres` system user, who
 * must reach both its binaries in node_modules and the data directory: a checkout under a 0700 home directory made
 * initdb fail to spawn with EACCES, which the package reports as an unhandled error and a stack instead of a reason.
 */
export async function firstClosedDirectory(path: string): Promise<string | undefined> {
  const absolute = resolve(path);
  const ancestors: string[] = [];
  for (let dir = absolute; ; dir = dirname(dir)) {
    ancestors.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of ancestors) {
    const entry = await stat(dir).catch(() => undefined);
    if (!entry) return undefined; // not created yet: what follows is made by us, open to its owner
    if (entry.isDirectory() && (entry.mode & 0o001) === 0) return dir;
  }
  return undefined;
}
