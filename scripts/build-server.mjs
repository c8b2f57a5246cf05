// Bundles the server and the engine's worker entry into packages/server/dist. Workspace packages (@quire/*) are
// TypeScript source and are bundled in; npm packages stay external and load from node_modules.
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const dependenciesOf = (pkg) =>
  Object.keys(
    JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8')).dependencies ?? {},
  );
const external = [...dependenciesOf('server'), ...dependenciesOf('engine')].filter(
  (name) => !name.startsWith('@quire/'),
);

await build({
  entryPoints: {
    main: join(ROOT, 'packages/server/src/main.ts'),
    'job.worker': join(ROOT, 'packages/engine/src/runner/job.worker.ts'),
  },
  outdir: join(ROOT, 'packages/server/dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});

// Files the bundle loads by path beside itself (`new URL('./…', import.meta.url)`).
const ASSETS = ['packages/engine/src/libreoffice/uno-bridge.py'];
for (const asset of ASSETS)
  copyFileSync(join(ROOT, asset), join(ROOT, 'packages/server/dist', asset.split('/').pop()));
