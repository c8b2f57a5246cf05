// Child process of merge.bench.ts: runs the engine's merge op as a worker would, and prints the timings as JSON.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ENGINE_OPS } from '@quire/engine';
import * as mupdf from 'mupdf';

const [workRoot, runsArg, ...paths] = process.argv.slice(2);
if (!workRoot || !runsArg) throw new Error('usage: merge-runner <workDir> <runs> <pdf>...');
const files = paths.map((path) => ({ path, name: basename(path) }));

async function mergeOnce(): Promise<{ seconds: number; path: string; workDir: string }> {
  const workDir = await mkdtemp(join(workRoot as string, 'run-'));
  const started = performance.now();
  const result = await ENGINE_OPS.merge(
    { files, options: {} },
    { signal: new AbortController().signal, workDir, timeoutMs: 120_000 },
  );
  return { seconds: (performance.now() - started) / 1000, path: result.path, workDir };
}

// The runtime before any document: Node, the engine and MuPDF's WebAssembly, as in an idle server worker.
void mupdf.Matrix.identity;
const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
const warmUp = await mergeOnce();
const outputBytes = (await stat(warmUp.path)).size;
const pages = Number(execFileSync('qpdf', ['--show-npages', warmUp.path], { encoding: 'utf8' }));
await rm(warmUp.workDir, { recursive: true, force: true });
const seconds: number[] = [];
for (let run = 0; run < Number(runsArg); run += 1) {
  const result = await mergeOnce();
  seconds.push(result.seconds);
  await rm(result.workDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ seconds, outputBytes, pages, baselineRssMb }));
