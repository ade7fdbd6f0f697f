import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { meResponseSchema } from '#shared/auth/me.schema';
import { useTestApp } from './app';

const run = promisify(execFile);
const t = useTestApp();

function promote(email: string) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli/user.ts', 'promote', email], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.database.url },
  });
}

it('npm run user -- promote EMAIL makes an existing account an administrator', async () => {
  // The install's first account administers it; the second is a member.
  await t.signIn({ name: 'First Admin', email: 'first@example.com', role: 'admin' });
  const { client: second } = await t.signIn({ name: 'Second User', email: 'second@example.com' });
  expect((await second.expectOk(meResponseSchema, '/api/me')).user.role).toBe('user');

  expect((await promote('Second@Example.com')).stdout.trim()).toBe('second@example.com is now an administrator.');
  expect((await second.expectOk(meResponseSchema, '/api/me')).user.role).toBe('admin');
  expect((await promote('second@example.com')).stdout.trim()).toBe('second@example.com is already an administrator.');

  await expect(promote('nobody@example.com')).rejects.toMatchObject({
    code: 1,
    stderr: 'No account has the e-mail address nobody@example.com.\n',
  });
});
