import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, strongPassword, TestClient } from './app';
import { createTestDatabase, type TestDatabase } from './database';

const run = promisify(execFile);
let database: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp({ database }));
});

afterAll(async () => {
  await database?.drop();
});

function promote(email: string) {
  return run(process.execPath, ['--import', 'tsx', 'src/server/cli/user.ts', 'promote', email], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url },
  });
}

it('npm run user -- promote EMAIL makes an existing account an administrator', async () => {
  await new TestClient(app, '198.51.100.1').signUp({ name: 'First Admin', email: 'first@example.com', password: strongPassword });
  const second = new TestClient(app, '198.51.100.2');
  await second.signUp({ name: 'Second User', email: 'second@example.com', password: strongPassword });
  expect((await second.request('/api/me')).body.user.role).toBe('user');

  expect((await promote('Second@Example.com')).stdout.trim()).toBe('second@example.com is now an administrator.');
  expect((await second.request('/api/me')).body.user.role).toBe('admin');
  expect((await promote('second@example.com')).stdout.trim()).toBe('second@example.com is already an administrator.');

  await expect(promote('nobody@example.com')).rejects.toMatchObject({
    code: 1,
    stderr: 'No account has the e-mail address nobody@example.com.\n',
  });
});
