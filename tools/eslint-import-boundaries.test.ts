import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/import-zones').map((message) => message.message);
}

describe('import boundaries', () => {
  it('keeps shared free of server and web code', async () => {
    expect(await boundaryErrors('src/shared/tasks/x.ts', "import { loadEnv } from '../../server/env';\nexport const a = loadEnv;\n")).toEqual([
      'src/shared must not import src/server ("../../server/env").',
    ]);
    expect(await boundaryErrors('src/shared/x.ts', "import { paths } from '../web/config/paths';\nexport const a = paths;\n")).toHaveLength(1);
    expect(await boundaryErrors('src/shared/x.ts', "import { tagline } from './product';\nexport const a = tagline;\n")).toEqual([]);
  });

  it('lets web import server types only', async () => {
    expect(await boundaryErrors('src/web/lib/x.ts', "import { loadEnv } from '../../server/env';\nexport const a = loadEnv;\n")).toHaveLength(1);
    expect(await boundaryErrors('src/web/lib/x.ts', "import type { Env } from '../../server/env';\nexport type A = Env;\n")).toEqual([]);
    expect(await boundaryErrors('src/web/lib/x.ts', "import { loadEnv } from '#server/env';\nexport const a = loadEnv;\n")).toEqual([
      'src/web must not import server code ("#server/env"); only `import type` is allowed.',
    ]);
  });

  it('keeps web features apart, whatever the folder depth', async () => {
    expect(await boundaryErrors('src/web/features/tasks/components/x.tsx', "import { y } from '../../history/api/y';\nexport const a = y;\n")).toEqual([
      'Feature "tasks" must not import feature "history" ("../../history/api/y"): compose them in src/web/app.',
    ]);
    expect(await boundaryErrors('src/web/features/tasks/x.ts', "import { Spinner } from '../../components/ui/spinner';\nexport const a = Spinner;\n")).toEqual([]);
    expect(await boundaryErrors('src/web/features/tasks/components/x.tsx', "import { y } from '../api/y';\nexport const a = y;\n")).toEqual([]);
  });
});
