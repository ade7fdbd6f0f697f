import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An empty data directory for embedded PostgreSQL. Open to other users (0755): run as root, PostgreSQL runs as the
 * `postgres` user, who must reach the cluster inside it.
 */
export async function makeDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await chmod(dataDir, 0o755);
  return dataDir;
}
