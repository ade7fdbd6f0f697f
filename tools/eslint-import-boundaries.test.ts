import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/import-zones').map((message) => message.message);
}

describe('import boundaries', () => {
  // The first lint loads the whole configuration (typescript-eslint's parser and plugins): seconds on a busy machine,
  // which is set-up, not what these tests check.
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: 'src/shared/warm-up.ts' });
  }, 60_000);

  it('keeps shared free of server and web code', async () => {
    expect(
      await boundaryErrors('src/shared/tasks/x.ts', "import { loadEnv } from '../../server/env';\nexport const a = loadEnv;\n"),
    ).toEqual(['src/shared must not import src/server ("../../server/env").']);
    expect(await boundaryErrors('src/shared/x.ts', "import { paths } from '../web/config/paths';\nexport const a = paths;\n")).toHaveLength(
      1,
    );
    expect(await boundaryErrors('src/shared/x.ts', "import { tagline } from './product';\nexport const a = tagline;\n")).toEqual([]);
  });

  it('lets web import server types only', async () => {
    expect(
      await boundaryErrors('src/web/lib/x.ts', "import { loadEnv } from '../../server/env';\nexport const a = loadEnv;\n"),
    ).toHaveLength(1);
    expect(await boundaryErrors('src/web/lib/x.ts', "import type { Env } from '../../server/env';\nexport type A = Env;\n")).toEqual([]);
    expect(await boundaryErrors('src/web/lib/x.ts', "import { loadEnv } from '#server/env';\nexport const a = loadEnv;\n")).toEqual([
      'src/web must not import server code ("#server/env"); only `import type` is allowed.',
    ]);
  });

  it('keeps web features apart, whatever the folder depth', async () => {
    expect(
      await boundaryErrors('src/web/features/tasks/components/x.tsx', "import { y } from '../../history/api/y';\nexport const a = y;\n"),
    ).toEqual(['Feature "tasks" must not import feature "history" ("../../history/api/y"): compose them in src/web/app.']);
    expect(
      await boundaryErrors(
        'src/web/features/tasks/x.ts',
        "import { Spinner } from '../../components/ui/spinner';\nexport const a = Spinner;\n",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/web/features/tasks/components/x.tsx', "import { y } from '../api/y';\nexport const a = y;\n")).toEqual(
      [],
    );
  });
});

describe("the server's layers", () => {
  const forbidden: [file: string, source: string, message: string][] = [
    ['src/server/core/tasks/x.ts', '../../routes/errors', 'Server zone "core" must not import zone "routes" ("../../routes/errors")'],
    ['src/server/core/runs/x.ts', '#server/engine/engine-policy', 'Server zone "core" must not import zone "engine"'],
    ['src/server/db/x.ts', '../core/errors', 'Server zone "db" must not import zone "core"'],
    ['src/server/db/schema/x.ts', '../../queue/enqueue', 'Server zone "db" must not import zone "queue"'],
    ['src/server/db/x.ts', '../auth/auth', 'Server zone "db" must not import zone "auth"'],
    ['src/server/db/x.ts', '../events/hub-watch', 'Server zone "db" must not import zone "events"'],
    ['src/server/db/x.ts', '../engine/worker', 'Server zone "db" must not import zone "engine"'],
    ['src/server/queue/x.ts', '../engine/job-handlers', 'Server zone "queue" must not import zone "engine"'],
    ['src/server/queue/x.ts', '../core/errors', 'Server zone "queue" must not import zone "core"'],
    ['src/server/auth/x.ts', '../routes/errors', 'Server zone "auth" must not import zone "routes"'],
    ['src/server/auth/x.ts', '../core/errors', 'Server zone "auth" must not import zone "core"'],
    ['src/server/engine/x.ts', '../routes/errors', 'Server zone "engine" must not import zone "routes"'],
    ['src/server/routes/tasks/x.ts', '../../engine/worker', 'Server zone "routes" must not import zone "engine"'],
    ['src/server/events/x.ts', '../core/errors', 'Server zone "events" must not import zone "core"'],
    ['src/server/delivery/x.ts', '../db/client', 'Server zone "delivery" must not import zone "db"'],
    ['src/server/lib/x.ts', '../db/client', 'Server zone "base" must not import zone "db"'],
    ['src/server/app-env.ts', './routes/errors', 'Server zone "app-env" must not import zone "routes"'],
    ['src/server/core/x.ts', '#test/seed', 'Only tests may import test/ ("#test/seed").'],
    ['src/server/nowhere/x.ts', '../db/client', 'src/server/nowhere has no zone'],
  ];

  it.each(forbidden)('%s may not import %s', async (file, source, message) => {
    const errors = await boundaryErrors(file, `import { a } from '${source}';\nexport const b = a;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it('counts type-only imports as knowing the layer', async () => {
    expect(
      await boundaryErrors('src/server/db/x.ts', "import type { Run } from '../core/runs/to-run';\nexport type A = Run;\n"),
    ).toHaveLength(1);
  });

  it('lets each layer import the ones below it', async () => {
    const allowed: [string, string][] = [
      ['src/server/routes/tasks/x.ts', '../../core/tasks/get-task'],
      ['src/server/routes/tasks/x.ts', '#server/queue/enqueue'],
      ['src/server/routes/me/x.ts', '../auth/session-middleware'],
      ['src/server/core/runs/x.ts', '../../queue/enqueue'],
      ['src/server/core/users/x.ts', '../../auth/auth'],
      ['src/server/engine/jobs/x.ts', '../../core/runs/to-run'],
      ['src/server/engine/x.ts', '../providers/provider-registry'],
      ['src/server/queue/x.ts', '../db/client'],
      ['src/server/db/x.ts', '../lib/free-port'],
      ['src/server/db/x.ts', '../logger'],
      ['src/server/db/x.ts', '#shared/tasks/schedule'],
      ['src/server/main.ts', './engine/worker'],
      ['src/server/cli/x.ts', '../migrate'],
    ];
    for (const [file, source] of allowed)
      expect(await boundaryErrors(file, `import { a } from '${source}';\nexport const b = a;\n`), `${file} -> ${source}`).toEqual([]);
  });

  it('lets tests set up any layer', async () => {
    expect(
      await boundaryErrors(
        'src/server/db/x.int.test.ts',
        "import { a } from '../core/errors';\nimport { b } from '#test/seed';\nexport const c = [a, b];\n",
      ),
    ).toEqual([]);
  });
});

describe('import cycles', () => {
  // Fixture modules on disk, since the rule reads the modules an import leads to; removed after the tests.
  const folder = `src/server/lib/cycle-fixture-${process.pid}-${Date.now()}`;
  const write = (name: string, text: string) => writeFileSync(path.join(folder, name), text);

  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    write('a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('b.ts', "import { c } from '#server/lib/" + folder.split('/').at(-1) + "/c';\nexport const b = c;\n");
    write('c.ts', "import { a } from './a';\nexport const c = a;\n");
    write(
      'typed-c.ts',
      "import type { a } from './a';\nimport { type b } from './b';\nexport const c = (x: typeof a, y: typeof b) => [x, y];\n",
    );
    write('leaf.ts', 'export const leaf = 1;\n');
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function cycleErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(folder, file) });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/no-cycle').map((message) => message.message);
  }

  it('fails the import that closes a cycle, naming the modules on it', async () => {
    const errors = await cycleErrors('a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Import cycle: src\/server\/lib\/cycle-fixture-[^/]+\/a\.ts -> .*\/b\.ts -> .*\/c\.ts -> .*\/a\.ts\./);
  });

  it('finds cycles through #server names and export-from', async () => {
    expect(await cycleErrors('c.ts', "export { a as c } from './a';\n")).toHaveLength(1);
  });

  it('ignores type-only imports, which load no code', async () => {
    expect(await cycleErrors('c.ts', "import type { a } from './a';\nexport const c = (x: typeof a) => x;\n")).toEqual([]);
    expect(
      await cycleErrors('a.ts', "import { leaf } from './leaf';\nimport { c } from './typed-c';\nexport const a = [leaf, c];\n"),
    ).toEqual([]);
  });

  it('passes modules without a cycle', async () => {
    expect(await cycleErrors('leaf.ts', "import { b } from './b';\nexport const leaf = b;\n")).toEqual([]);
  });
});
