// The esbuild bundle of the server and of the engine's worker entry. Workspace packages (@quire/*) are TypeScript
// source and are bundled in; npm packages stay external and load from node_modules.
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ENTRIES = {
  main: 'packages/server/src/main.ts',
  'job.worker': 'packages/engine/src/runner/job.worker.ts',
};
/** Files the bundle loads by path beside itself (`new URL('./…', import.meta.url)`). */
const ASSETS = ['packages/engine/src/libreoffice/uno-bridge.py'];

const dependenciesOf = (pkg) =>
  Object.keys(
    JSON.parse(readFileSync(join(ROOT, 'packages', pkg, 'package.json'), 'utf8')).dependencies ?? {},
  );

/** Bundles `entries` (names of `ENTRIES`) into `outdir`, with the assets they load beside them. */
export async function bundleServer(outdir, entries = Object.keys(ENTRIES)) {
  await build({
    entryPoints: Object.fromEntries(entries.map((name) => [name, join(ROOT, ENTRIES[name])])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...dependenciesOf('server'), ...dependenciesOf('engine')].filter(
      (name) => !name.startsWith('@quire/'),
    ),
    logLevel: 'warning',
  });
  for (const asset of ASSETS) copyFileSync(join(ROOT, asset), join(outdir, asset.split('/').pop()));
}
