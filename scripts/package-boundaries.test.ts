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
});
