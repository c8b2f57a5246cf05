// npm run bench word-to-pdf: our Word → PDF (warm sandboxed LibreOffice, as a server worker runs it) against a
// cold `soffice --headless --convert-to pdf` with a fresh profile, per corpus document. Time: median of RUNS
// (ours after one warm-up conversion, in a fresh process through bench/op-runner.ts).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { corpusEntries, corpusPath, hasFeature } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median } from './measure.ts';

const RUNS = 3;
const documents = corpusEntries().filter(
  (entry) => entry.group === 'word' && !hasFeature(entry, 'encrypted-ooxml'),
);

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-word-'));
try {
  const rows: string[][] = [['document', 'pages', 'cold soffice (s)', 'Quire warm (s)', 'speed-up']];
  const ratios: number[] = [];
  const shortRatios: number[] = [];
  for (const entry of documents) {
    const path = corpusPath(entry.name);
    const cold = Array.from({ length: RUNS }, (_, run) => {
      const outDir = join(workDir, `cold-${run}`);
      return measureCommand('soffice', [
        `-env:UserInstallation=file://${join(workDir, `profile-${run}-${basename(path)}`)}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        path,
      ]).wallSeconds;
    });
    const ours = measureOp('word-to-pdf', {}, RUNS, workDir, [path]);
    const pages = Number(execFileSync('qpdf', ['--show-npages', ours.outputPath], { encoding: 'utf8' }));
    const ratio = median(cold) / median(ours.seconds);
    ratios.push(ratio);
    if (pages <= 2) shortRatios.push(ratio);
    rows.push([
      entry.name.replace(/^word\//, ''),
      String(pages),
      median(cold).toFixed(2),
      median(ours.seconds).toFixed(3),
      `${ratio.toFixed(1)}×`,
    ]);
  }
  console.log(`word-to-pdf: ${documents.length} corpus documents; median of ${RUNS} runs each\n`);
  console.log(formatTable(rows));
  const overall = median(ratios);
  const short = median(shortRatios);
  console.log(
    `\nmedian speed-up over the corpus: ${overall.toFixed(1)}× (goal ≥ 2×: ${overall >= 2 ? 'met' : 'NOT met'})`,
  );
  console.log(
    `median speed-up on 1–2 page documents (${shortRatios.length}): ${short.toFixed(1)}× (goal ≥ 4×: ${short >= 4 ? 'met' : 'NOT met'})`,
  );
  console.log(
    '\nQuire time is per conversion in a warm worker (LibreOffice already running), output checked by qpdf;',
  );
  console.log('cold is a new soffice with a new profile per document, as a one-shot converter runs it.');
} finally {
  await rm(workDir, { recursive: true, force: true });
}
