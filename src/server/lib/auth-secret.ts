import type { Env } from '../env';
import { readOrCreateSecret, readSecret, secretFile, writeSecret } from './data-dir-secret';

type SecretSettings = Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>;

const name = 'auth-secret';

/** Where the product keeps the secret it makes on first start when AUTH_SECRET is unset. */
export function authSecretFile(dataDir: string): string {
  return secretFile(dataDir, name);
}

/**
 * What the product signs session cookies and e-mailed links (unsubscribe, confirmation) with: AUTH_SECRET, else
 * DATA_DIR/secrets/auth-secret, made on first start.
 */
export async function authSecret(env: SecretSettings): Promise<string> {
  return env.AUTH_SECRET ?? (await readOrCreateSecret(env.DATA_DIR, name));
}

/** The same, but never made: null before the product first started with this DATA_DIR. */
export async function existingAuthSecret(env: SecretSettings): Promise<string | null> {
  return env.AUTH_SECRET ?? (await readSecret(env.DATA_DIR, name)) ?? null;
}

/**
 * Puts `secret` where the product reads it when AUTH_SECRET is unset, in place of any there (a restore); whether a
 * different one was there.
 */
export async function replaceAuthSecret(dataDir: string, secret: string): Promise<{ replacedAnother: boolean }> {
  const before = await readSecret(dataDir, name);
  await writeSecret(dataDir, name, secret);
  return { replacedAnother: before !== undefined && before !== secret };
}
