import type { Env } from '../env';
import { authSecretFile, replaceAuthSecret } from '../lib/auth-secret';
import type { BackupHeader } from './backup-format';

/**
 * The auth secret travels with the data (ADR 0095): session cookies, unsubscribe and confirmation links in e-mails
 * already sent are signed with it, and a restore that left them to a new secret would end them all without a word.
 * The embedded cluster's password does not travel: it belongs to the cluster, and a restore makes a cluster of its own.
 */

/** For `npm run backup` to say when it found no secret to carry: it never makes one (`existingAuthSecret`). */
export function noAuthSecretWarning(env: Pick<Env, 'DATA_DIR'>): string {
  return `No AUTH_SECRET and no ${authSecretFile(env.DATA_DIR)}: this backup does not hold the auth secret. Keep a copy of the product's with it.`;
}

/**
 * After a restore: the backup's secret put where the product reads it, and one line on what the operator must still
 * do, if anything.
 */
export async function restoreAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>, header: BackupHeader): Promise<string> {
  const file = authSecretFile(env.DATA_DIR);
  if (header.authSecret === null) {
    return `This backup does not hold the auth secret: copy secrets/auth-secret from the DATA_DIR it was taken from to ${file} (or set AUTH_SECRET as it was there), unless that is it already; otherwise sessions and e-mailed links made before it stop working.`;
  }
  const { replacedAnother } = await replaceAuthSecret(env.DATA_DIR, header.authSecret);
  if (env.AUTH_SECRET !== undefined && env.AUTH_SECRET !== header.authSecret) {
    return `The backup's auth secret is in ${file}, but AUTH_SECRET is set to another, and the product signs with that: unset it (or set it as it was), or sessions and e-mailed links made before the backup stop working.`;
  }
  const replaced = replacedAnother ? ', replacing a different one' : '';
  return `The backup's auth secret is in ${file}${replaced}: sessions and e-mailed links made before it keep working.`;
}
