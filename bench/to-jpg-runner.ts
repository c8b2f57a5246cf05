// Child process of to-jpg.bench.ts. Runs the engine's pdf-to-jpg op as a server worker would (medium quality,
// 150 DPI) and `pdftoppm -jpeg -r 150` on each file in turn, RUNS times, so both see the same machine load even
// when it changes during the bench; prints the timings as JSON.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ENGINE_OPS } from '@quire/engine';
import { formatNotices } from '@quire/shared';
import { measureCommand } from './measure.ts';

/** Kernel clock ticks per second for /proc times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by this process and the children it has waited for (renderers, qpdf, pdfinfo; GNU
 * time and the pdftoppm it runs included), from /proc/self/stat: utime, stime, cutime, cstime.
 */
function readCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / CLOCK_TICKS_PER_SECOND;
}

const [workRoot, runsArg, ...paths] = process.argv.slice(2);
if (!workRoot || !runsArg) throw new Error('usage: to-jpg-runner <workDir> <runs> <pdf>...');

async function convertWithQuire(
  path: string,
): Promise<{ seconds: number; cpuSeconds: number; warnings: string[] }> {
  const workDir = await mkdtemp(join(workRoot as string, 'quire-'));
  try {
    const started = performance.now();
    const cpuBefore = readCpuSeconds();
    const result = await ENGINE_OPS['pdf-to-jpg'](
      { file: { path, name: basename(path) }, options: { quality: 'medium' } },
      { signal: new AbortController().signal, workDir, timeoutMs: 120_000 },
    );
    return {
      seconds: (performance.now() - started) / 1000,
      cpuSeconds: readCpuSeconds() - cpuBefore,
      warnings: result.report.notices.map((notice) => formatNotices([notice])),
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** pdftoppm as a command-line user runs it: one process per file, timed with its start-up. */
async function convertWithPdftoppm(
  path: string,
): Promise<{ seconds: number; cpuSeconds: number; maxRssKb: number }> {
  const outDir = await mkdtemp(join(workRoot as string, 'pdftoppm-'));
  try {
    const cpuBefore = readCpuSeconds();
    const result = measureCommand('pdftoppm', ['-jpeg', '-r', '150', path, join(outDir, 'page')]);
    return {
      seconds: result.wallSeconds,
      cpuSeconds: readCpuSeconds() - cpuBefore,
      maxRssKb: result.maxRssKb,
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

// A warm, idle server worker: Node and the engine after one small job, which loads the code paths every job uses
// (child processes, file and zip streams). What the measured runs add on top of this is the jobs' own memory.
await convertWithQuire(paths.at(-1) as string);
const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;

const quireSeconds: number[] = [];
const pdftoppmSeconds: number[] = [];
let pdftoppmMaxRssKb = 0;
let quireCpuSeconds = 0;
let pdftoppmCpuSeconds = 0;
const warnings: string[] = [];
for (let run = 0; run < Number(runsArg); run += 1) {
  let quire = 0;
  let pdftoppm = 0;
  for (const path of paths) {
    const theirs = await convertWithPdftoppm(path);
    pdftoppm += theirs.seconds;
    pdftoppmCpuSeconds += theirs.cpuSeconds;
    pdftoppmMaxRssKb = Math.max(pdftoppmMaxRssKb, theirs.maxRssKb);
    const ours = await convertWithQuire(path);
    quire += ours.seconds;
    quireCpuSeconds += ours.cpuSeconds;
    if (run === 0) warnings.push(...ours.warnings);
  }
  quireSeconds.push(quire);
  pdftoppmSeconds.push(pdftoppm);
}
const runs = Number(runsArg);
console.log(
  JSON.stringify({
    quireSeconds,
    pdftoppmSeconds,
    quireCpuSeconds: quireCpuSeconds / runs,
    pdftoppmCpuSeconds: pdftoppmCpuSeconds / runs,
    pdftoppmMaxRssKb,
    baselineRssMb,
    warnings,
  }),
);
