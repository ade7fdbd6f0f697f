import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { auditPageSchema, commandLineActorId } from '#shared/admin/admin-audit.schema';
import { describeAuditEntry } from '#shared/admin/audit-summary';
import { meResponseSchema } from '#shared/auth/me.schema';
import { strongPassword, testAppUrl, useTestApp } from './app';

const run = promisify(execFile);
const t = useTestApp();

function user(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli/user.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.database.url, APP_URL: testAppUrl },
  });
}

/** `npm run user` as an operator runs it in an install's directory, with only what their shell holds in `env`. */
function userInInstall(directory: string, env: Record<string, string>, ...args: string[]) {
  const loader = resolve('node_modules/tsx/dist/loader.mjs');
  return run(process.execPath, ['--import', loader, resolve('src/server/cli/user.ts'), ...args], {
    cwd: directory,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

const promote = (email: string) => user('promote', email);

it('npm run user -- promote EMAIL makes an existing account an administrator', async () => {
  // The install's first account administers it; the second is a member.
  const { client: first } = await t.signIn({ name: 'First Admin', email: 'first@example.com', role: 'admin' });
  const { client: second, id: secondId } = await t.signIn({ name: 'Second User', email: 'second@example.com' });
  expect((await second.expectOk(meResponseSchema, '/api/me')).user.role).toBe('user');

  expect((await promote('Second@Example.com')).stdout.trim()).toBe('second@example.com is now an administrator.');
  expect((await second.expectOk(meResponseSchema, '/api/me')).user.role).toBe('admin');
  expect((await promote('second@example.com')).stdout.trim()).toBe('second@example.com is already an administrator.');
  // Admin → Audit log tells who made the administrator, once: the command line, as for its other changes.
  const audit = await first.expectOk(auditPageSchema, `/api/admin/audit?targetId=${secondId}`);
  expect(audit.items.map((entry) => ({ actorId: entry.actorId, action: entry.action, ...describeAuditEntry(entry) }))).toEqual([
    {
      actorId: commandLineActorId,
      action: 'user.role_change',
      summary: 'Made Second User an administrator',
      changes: [{ label: 'Role', from: 'user', to: 'admin' }],
    },
  ]);

  await expect(promote('nobody@example.com')).rejects.toMatchObject({
    code: 1,
    stderr: 'No account has the e-mail address nobody@example.com.\n',
  });
});

it('npm run user -- list, reset-password and disable: an operator at the machine, with no mail server', async () => {
  const { client, email } = await t.signIn({ name: 'Locked Out', email: 'locked-out@example.com' });
  const listed = (await user('list')).stdout.trim().split('\n');
  expect(listed).toContain('locked-out@example.com\tLocked Out\tuser\tactive\tFree');
  expect(listed[0]).toBe('first@example.com\tFirst Admin\tadmin\tactive\tUnlimited');

  // A printed link, no e-mail: it lets the owner choose a new password on the reset screen's API.
  const printed = (await user('reset-password', 'Locked-Out@example.com')).stdout;
  const link = /http:\/\/\S+/.exec(printed)?.[0] ?? '';
  expect(printed).toContain('Open this link within 30 minutes to choose a new password for locked-out@example.com:');
  const token = new URL(link).searchParams.get('token') ?? '';
  const newPassword = `${strongPassword}-again`;
  const reset = await t.visitor().request('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
  expect(reset.status).toBe(200);
  expect((await t.visitor('198.51.100.40').signIn(email, newPassword)).status).toBe(200);

  expect((await user('disable', email)).stdout.trim()).toBe('locked-out@example.com is suspended and signed out everywhere.');
  expect((await client.request('/api/me')).status).toBe(401);
  expect((await user('list')).stdout).toContain('locked-out@example.com\tLocked Out\tuser\tsuspended\tFree');
  await expect(user('disable', 'nobody@example.com')).rejects.toMatchObject({
    code: 1,
    stderr: 'No account has the e-mail address nobody@example.com.\n',
  });
});

it('npm run user -- reset-password prints a link on the address the server serves, read as the server reads it', async () => {
  await t.signIn({ name: 'Elsewhere Owner', email: 'elsewhere@example.com' });
  const install = await mkdtemp(join(tmpdir(), 'promptcron-install-'));
  const linkPrinted = async (env: Record<string, string>) => {
    const { stdout } = await userInInstall(install, { DATABASE_URL: t.database.url, ...env }, 'reset-password', 'elsewhere@example.com');
    return new URL(/http\S+/.exec(stdout)?.[0] ?? '').origin;
  };
  try {
    // The install's `.env` moves the server to port 8080; the operator's shell sets nothing.
    await writeFile(join(install, '.env'), 'PORT=8080\nAPP_URL=\n');
    expect(await linkPrinted({})).toBe('http://localhost:8080');
    // The shell's own setting wins over the file's, as for the server.
    expect(await linkPrinted({ PORT: '8181' })).toBe('http://localhost:8181');
    await writeFile(join(install, '.env'), 'PORT=8080\nAPP_URL=https://promptcron.example.org/\n');
    expect(await linkPrinted({})).toBe('https://promptcron.example.org');
  } finally {
    await rm(install, { recursive: true, force: true });
  }
}, 120_000);

it.each([['src/server/cli/user.ts'], ['src/server/cli/digest.ts']])('%s --help says what it does and exits 0', async (file) => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', file, '--help'], { env: { PATH: process.env.PATH ?? '' } });
  expect(stdout).toMatch(/^Usage: npm run/);
});
