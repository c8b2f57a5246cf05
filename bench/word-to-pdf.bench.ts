// npm run bench word-to-pdf: our Word → PDF (warm sandboxed LibreOffice, as a server worker runs it) against a
// cold `soffice --headless --convert-to pdf` with a fresh profile, per corpus document. Time: median of RUNS
// (ours after one warm-up conversion, in a fresh process through bench/op-runner.ts). Every document's PDF is held
// to the op's checks (`@quire/test-kit/word-to-pdf-checks`, which the op's test applies to one document of each
// kind); a document that fails them is listed and the bench exits with status 1.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { corpusEntries, corpusPath, hasFeature } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median } from './measure.ts';
import { wordToPdfFaults } from '@quire/test-kit/word-to-pdf-checks';

const RUNS = 3;
const documents = corpusEntries().filter(
  (entry) => entry.group === 'word' && !hasFeature(entry, 'encrypted-ooxml'),
);

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-word-'));
try {
  const rows: string[][] = [['document', 'pages', 'cold soffice (s)', 'Quire warm (s)', 'speed-up']];
  const ratios: number[] = [];
  /** Documents whose PDF fails the op's checks (`word-to-pdf-checks.ts`), and why. */
  const failures: string[] = [];
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
    const faults = wordToPdfFaults(entry, path, ours.outputPath);
    if (faults.length > 0) failures.push(`${entry.name}: ${faults.join('; ')}`);
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
    failures.length === 0
      ? `checks (a sound PDF of the document's text, the 12-page document in 12 pages): met on all ${documents.length} documents`
      : `checks not met on ${failures.length} of ${documents.length} documents:\n${failures.join('\n')}`,
  );
  if (failures.length > 0) process.exitCode = 1;
  console.log(
    '\nQuire time is per conversion in a warm worker (LibreOffice already running), output checked by qpdf;',
  );
  console.log('cold is a new soffice with a new profile per document, as a one-shot converter runs it.');
} finally {
  await rm(workDir, { recursive: true, force: true });
}
