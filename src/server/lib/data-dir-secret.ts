import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret the embedded default needs (database password, auth secret) is generated on first start and kept in
 * DATA_DIR/secrets, readable by the owner only, so it survives restarts without any configuration.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const dir = join(dataDir, 'secrets');
  const file = join(dir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // `wx` fails if another process created it meanwhile; then theirs wins.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
