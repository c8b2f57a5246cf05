// Vitest global setup of the unit tests: the test servers' job workers start from a bundle of the engine's worker
// entry, built here from the sources at the start of the run, as the built server's are. Started from source through
// tsx, a worker took 4.1 s of CPU to say it was ready, where the bundle takes 1.5 s; the unit tests start some 300.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './server-bundle.mjs';

/** Inside the checkout, so that the bundle finds the npm packages it leaves out, as the built server's does. */
const CACHE = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.cache');
let outdir;

export async function setup() {
  await mkdir(CACHE, { recursive: true });
  outdir = await mkdtemp(join(CACHE, 'quire-test-worker-'));
  await bundleServer(outdir, ['job.worker']);
  // Read by the engine's worker-process.ts; inherited by the test files' processes, started after this.
  process.env.QUIRE_WORKER_SCRIPT = join(outdir, 'job.worker.js');
}

export async function teardown() {
  if (outdir) await rm(outdir, { recursive: true, force: true });
}
