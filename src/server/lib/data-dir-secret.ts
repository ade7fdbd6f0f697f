import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret the embedded default needs (database password, auth secret) is generated on first start and kept in
 * DATA_DIR/secrets, readable by the owner only, so it survives restarts without any configuration.
 */
export async function readOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const existing = await readSecret(dataDir, name);
  if (existing !== undefined) return existing;
  await mkdir(secretsDir(dataDir), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  // `wx` fails if another process created it meanwhile; then theirs wins.
  try {
    await writeFile(secretFile(dataDir, name), `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(secretFile(dataDir, name), 'utf8')).trim();
  }
}

/** The secret kept in DATA_DIR/secrets, or undefined when none was made there yet. */
export async function readSecret(dataDir: string, name: string): Promise<string | undefined> {
  try {
    return (await readFile(secretFile(dataDir, name), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/** Puts `secret` in DATA_DIR/secrets in place of any there: whole or not at all, readable by the owner only. */
export async function writeSecret(dataDir: string, name: string, secret: string): Promise<void> {
  await mkdir(secretsDir(dataDir), { recursive: true, mode: 0o700 });
  const partial = `${secretFile(dataDir, name)}.partial`;
  await writeFile(partial, `${secret}\n`, { mode: 0o600 });
  await rename(partial, secretFile(dataDir, name));
}

export function secretFile(dataDir: string, name: string): string {
  return join(secretsDir(dataDir), name);
}

function secretsDir(dataDir: string): string {
  return join(dataDir, 'secrets');
}
