// npm run bench office-to-pdf: our office → PDF tools (the warm sandboxed LibreOffice of the Office lane, as a server
// worker runs it) against a cold `soffice --headless --convert-to pdf` with a fresh profile, one row per file: every
// corpus spreadsheet (.xlsx, .xls, .ods) and a CSV written here (the corpus has none). Excel to PDF runs with
// fitWidth=false, so that both print each sheet with its own page setup: the pages and the text must be the same
// (`@quire/test-kit/office-to-pdf-checks`). Time: median of RUNS (ours after one warm-up conversion, in a fresh
// process through bench/op-runner.ts). A file whose PDF differs is listed and the bench exits with status 1.
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { corpusEntries, corpusPath } from '@quire/corpus';
import { coldSofficePdf, pdfDifferences, pdfPageCount } from '@quire/test-kit/office-to-pdf-checks';
import { csvText, gridRows } from '@quire/test-kit/spreadsheets';
import { formatTable, measureCommand, measureOp, median } from './measure.ts';

const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-office-'));
try {
  const csv = join(workDir, 'grid-200x12.csv');
  writeFileSync(csv, csvText(gridRows(200, 12)));
  const files: Array<{ tool: string; options: object; path: string; label: string }> = [
    ...corpusEntries()
      .filter((entry) => entry.group === 'office' && /\.(xlsx|xls|ods)$/.test(entry.name))
      .map((entry) => ({
        tool: 'excel-to-pdf',
        options: { fitWidth: 'false' },
        path: corpusPath(entry.name),
        label: entry.name.replace(/^office\//, ''),
      })),
    { tool: 'excel-to-pdf', options: { fitWidth: 'false' }, path: csv, label: 'grid-200x12.csv (made here)' },
  ];
  const rows: string[][] = [
    ['file', 'format', 'pages', 'same pages and text', 'cold soffice (s)', 'Quire warm (s)', 'speed-up'],
  ];
  const ratios: number[] = [];
  const failures: string[] = [];
  for (const [index, file] of files.entries()) {
    const coldDir = join(workDir, `cold-${index}`);
    const cold = Array.from({ length: RUNS }, (_, run) => {
      const dir = join(coldDir, String(run));
      return measureCommand('soffice', [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file.path,
      ]).wallSeconds;
    });
    const reference = coldSofficePdf(file.path, coldDir);
    const ours = measureOp(file.tool, file.options, RUNS, workDir, [file.path]);
    const differences = pdfDifferences(ours.outputPath, reference);
    if (differences.length > 0) failures.push(`${file.label}: ${differences.join('; ')}`);
    const ratio = median(cold) / median(ours.seconds);
    ratios.push(ratio);
    rows.push([
      file.label,
      basename(file.path).split('.').pop() ?? '',
      String(pdfPageCount(ours.outputPath)),
      differences.length === 0 ? 'yes' : 'NO',
      median(cold).toFixed(2),
      median(ours.seconds).toFixed(3),
      `${ratio.toFixed(1)}×`,
    ]);
    console.log(rows.at(-1)?.join(' | '));
  }
  console.log(`office-to-pdf: ${files.length} files; median of ${RUNS} runs each\n`);
  console.log(formatTable(rows));
  const overall = median(ratios);
  console.log(`\nmedian speed-up: ${overall.toFixed(1)}× (goal ≥ 2×: ${overall >= 2 ? 'met' : 'NOT met'})`);
  console.log(
    failures.length === 0
      ? `pages and text: the same as cold soffice on all ${files.length} files`
      : `pages or text differ on ${failures.length} of ${files.length} files:\n${failures.join('\n')}`,
  );
  if (failures.length > 0) process.exitCode = 1;
  console.log(
    '\nQuire time is per conversion in a warm worker (LibreOffice already running), output checked by qpdf;',
  );
  console.log('cold is a new soffice with a new profile per run, as a one-shot converter runs it.');
} finally {
  await rm(workDir, { recursive: true, force: true });
}
