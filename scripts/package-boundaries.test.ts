import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The dependency direction of ARCHITECTURE.md is a lint error, and the build runs the lint. */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

/** The messages of the rule that refuses a relative import into another package (issue 31). */
async function relativePackageImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-relative-packages')
    .map((message) => message.message);
}

describe('package boundaries', () => {
  it('keeps the engine and the server out of the web bundle, and Node APIs too', async () => {
    expect(
      await restrictedImports(
        'packages/web/app/lib/x.ts',
        "import { ENGINE_OPS } from '@quire/engine';\nvoid ENGINE_OPS;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/web/app/lib/x.ts',
        "import { buildApp } from '@quire/server/src/app.ts';\nvoid buildApp;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/web/app/lib/x.ts',
        "import { readFile } from 'node:fs';\nvoid readFile;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps HTTP and the UI out of the engine', async () => {
    expect(
      await restrictedImports(
        'packages/engine/src/ops/x.ts',
        "import Fastify from 'fastify';\nvoid Fastify;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/engine/src/ops/x.ts',
        "import { createServer } from 'node:http';\nvoid createServer;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/engine/src/ops/x.ts',
        "import type { App } from '@quire/server';\nexport type X = App;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps shared free of Node and of every other package', async () => {
    expect(
      await restrictedImports('packages/shared/src/x.ts', "import { join } from 'node:path';\nvoid join;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'packages/shared/src/x.ts',
        "import { JobPool } from '@quire/engine';\nvoid JobPool;\n",
      ),
    ).toHaveLength(1);
  });

  it('allows the directions the architecture intends', async () => {
    expect(
      await restrictedImports(
        'packages/server/src/x.ts',
        "import { JobPool } from '@quire/engine';\nvoid JobPool;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'packages/web/app/lib/x.ts',
        "import { TOOLS } from '@quire/shared';\nvoid TOOLS;\n",
      ),
    ).toEqual([]);
  });

  it('refuses a relative import that leaves its package, in tests and benches too', async () => {
    // Each target exists: the rule resolves the path, and a path that leads nowhere is another error's business.
    expect(
      await relativePackageImports(
        'packages/server/test/x.test.ts',
        "import { createLinkedPdf } from '../../engine/test/linked-pdfs.ts';\nvoid createLinkedPdf;\n",
      ),
    ).toHaveLength(1);
    expect(
      await relativePackageImports(
        'packages/e2e/src/x.e2e.ts',
        "import { ownTextPage } from '../../test-kit/src/scanned-pdfs.ts';\nvoid ownTextPage;\n",
      ),
    ).toHaveLength(1);
    expect(
      await relativePackageImports(
        'bench/x.bench.ts',
        "import { ENGINE_OPS } from '../packages/engine/src/index.ts';\nvoid ENGINE_OPS;\n",
      ),
    ).toHaveLength(1);
    expect(
      await relativePackageImports(
        'scripts/x.test.ts',
        "import { createTestApp } from '../packages/test-kit/src/test-app.ts';\nvoid createTestApp;\n",
      ),
    ).toHaveLength(1);
  });

  it('allows relative imports within a package, package imports, and the web reading content/', async () => {
    expect(
      await relativePackageImports(
        'packages/engine/src/ops/x.test.ts',
        "import { createJobContext } from '../../test/job-context.ts';\nvoid createJobContext;\n",
      ),
    ).toEqual([]);
    expect(
      await relativePackageImports(
        'packages/server/test/x.test.ts',
        "import { createTextPdf } from '@quire/test-kit/hostile-pdfs';\nvoid createTextPdf;\n",
      ),
    ).toEqual([]);
    expect(
      await relativePackageImports(
        'packages/web/app/i18n/x.ts',
        "import tools from '../../../../content/locales/en/tools.json';\nvoid tools;\n",
      ),
    ).toEqual([]);
  });

  it('keeps test support out of what ships, and the in-process test server out of the browser tests', async () => {
    const kitImport = "import { createTextPdf } from '@quire/test-kit/hostile-pdfs';\nvoid createTextPdf;\n";
    const restricted = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((message) => message.ruleId?.endsWith('no-restricted-imports'));
    };
    expect(await restricted('packages/server/src/http/x.ts', kitImport)).toHaveLength(1);
    expect(await restricted('packages/engine/src/ops/x.ts', kitImport)).toHaveLength(1);
    expect(await restricted('packages/engine/src/ops/x.test.ts', kitImport)).toEqual([]);
    const testServer = "import { createTestApp } from '@quire/test-kit/test-app';\nvoid createTestApp;\n";
    expect(await restricted('packages/e2e/src/x.e2e.ts', testServer)).toHaveLength(1);
    expect(await restricted('packages/server/test/x.test.ts', testServer)).toEqual([]);
  });
});
