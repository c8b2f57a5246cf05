// Child process of the benchmarks: runs one engine op as a server worker would (warm process, one warm-up run),
// RUNS more times, and prints the timings and output size as JSON on its last line.
//   tsx bench/op-runner.ts <toolId> <options JSON> <runs> <workDir> <file>...
// QUIRE_BENCH_PASSWORD, when set, is every file's password (Unlock PDF's bench opens protected files).
// QUIRE_BENCH_CERTIFICATE, when set, is a PKCS#12 file handed over in memory as the job's certificate (Sign PDF's).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ENGINE_OPS, opInput, type EngineOp } from '@quire/engine';
import { isToolId, type ToolId } from '@quire/shared';
import * as mupdf from 'mupdf';
import { applyBenchSettings } from './op-runner-settings.ts';

const [toolId, optionsJson, runsArg, workRoot, ...paths] = process.argv.slice(2);
if (!isToolId(toolId) || !optionsJson || !runsArg || !workRoot) {
  throw new Error('usage: op-runner <toolId> <options JSON> <runs> <workDir> <file>...');
}
applyBenchSettings();
const op = ENGINE_OPS[toolId] as EngineOp<ToolId>;
const password = process.env.QUIRE_BENCH_PASSWORD || undefined;
const files = paths.map((path) => ({ path, name: basename(path), password }));
const options = JSON.parse(optionsJson) as never;
const certificatePath = process.env.QUIRE_BENCH_CERTIFICATE || undefined;
const secretFile = certificatePath
  ? { bytes: new Uint8Array(readFileSync(certificatePath)), name: basename(certificatePath) }
  : undefined;

async function runOnce(): Promise<{
  seconds: number;
  outputBytes: number;
  outputPath: string;
  workDir: string;
}> {
  const workDir = await mkdtemp(join(workRoot as string, 'run-'));
  const started = performance.now();
  // A tool that takes one file gets it as `file`, as a server worker hands it over.
  const result = await op(opInput(toolId as ToolId, { files, options, secretFile }), {
    signal: new AbortController().signal,
    workDir,
    timeoutMs: 300_000,
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, outputBytes: (await stat(result.path)).size, outputPath: result.path, workDir };
}

// The runtime before any document: Node, the engine and MuPDF's WebAssembly, as in an idle server worker.
void mupdf.Matrix.identity;
const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
const warmUp = await runOnce();
const seconds: number[] = [];
for (let run = 0; run < Number(runsArg); run += 1) {
  const result = await runOnce();
  seconds.push(result.seconds);
  await rm(result.workDir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({ seconds, outputBytes: warmUp.outputBytes, outputPath: warmUp.outputPath, baselineRssMb }),
);
