// npm run bench office-to-pdf [format …]: our office → PDF tools (the warm sandboxed LibreOffice of the Office lane,
// as a server worker runs it) against a cold `soffice --headless --convert-to pdf` with a fresh profile, one row per
// file: every corpus spreadsheet (.xlsx, .xls, .ods) and presentation (.pptx), and files made here of the formats the
// corpus lacks: a CSV, a slide show (.ppsx: a corpus presentation marked as a show), an .odp and a .ppt that
// LibreOffice writes of a corpus presentation, the corpus's OpenDocument text (named .odt here), an .rtf LibreOffice
// writes of a corpus document, and a UTF-8 text. Formats given as arguments (`pptx ppt txt`) limit the rows to theirs.
// Excel to PDF runs with fitWidth=false, so that both print each sheet with its own page setup: the pages and the
// text must be the same (`@quire/test-kit/office-to-pdf-checks`). Time: median of RUNS (ours after one warm-up
// conversion, in a fresh process through bench/op-runner.ts). A file whose PDF differs is listed and the bench exits
// with status 1.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { corpusEntries, corpusPath } from '@quire/corpus';
import { asSlideShow } from '@quire/test-kit/hostile-presentations';
import { coldSofficePdf, pdfDifferences, pdfPageCount } from '@quire/test-kit/office-to-pdf-checks';
import { convertWithLibreOffice, csvText, gridRows } from '@quire/test-kit/spreadsheets';
import { formatTable, measureCommand, measureOp, median } from './measure.ts';

const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-office-'));
try {
  const only = process.argv.slice(3);
  const wanted = (path: string) => only.length === 0 || only.includes(path.split('.').pop() ?? '');
  /** Writes a file made here (only when its format is wanted: LibreOffice makes some of them). */
  const made = (name: string, make: () => Uint8Array | string) => {
    const path = join(workDir, name);
    if (wanted(path)) writeFileSync(path, make());
    return { path, label: `${name} (made here)` };
  };
  const sheet = { tool: 'excel-to-pdf', options: { fitWidth: 'false' } };
  const slides = { tool: 'powerpoint-to-pdf', options: {} };
  const text = { tool: 'word-to-pdf', options: {} };
  const corpus = (pattern: RegExp) =>
    corpusEntries()
      .filter((entry) => entry.group === 'office' && pattern.test(entry.name))
      .map((entry) => ({ path: corpusPath(entry.name), label: entry.name.replace(/^office\//, '') }));
  const deck = () => readFileSync(corpusPath('office/pythonpptx_chart-types.pptx'));
  const files: Array<{ tool: string; options: object; path: string; label: string }> = [
    ...corpus(/\.(xlsx|xls|ods)$/).map((file) => ({ ...sheet, ...file })),
    { ...sheet, ...made('grid-200x12.csv', () => csvText(gridRows(200, 12))) },
    ...corpus(/\.pptx$/).map((file) => ({ ...slides, ...file })),
    { ...slides, ...made('chart-types.ppsx', () => asSlideShow(deck())) },
    { ...slides, ...made('chart-types.odp', () => convertWithLibreOffice(deck(), 'pptx', 'odp')) },
    { ...slides, ...made('chart-types.ppt', () => convertWithLibreOffice(deck(), 'pptx', 'ppt')) },
    { ...text, ...made('trivial.odt', () => readFileSync(corpusPath('bad/pysamples_odt-renamed.docx'))) },
    {
      ...text,
      ...made('tables.rtf', () =>
        convertWithLibreOffice(readFileSync(corpusPath('word/mammoth_tables.docx')), 'docx', 'rtf'),
      ),
    },
    { ...text, ...made('notes.txt', () => notesText()) },
  ].filter((file) => wanted(file.path));
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

/** A text of a few pages in several alphabets, lines ending in LF, as a plain-text export writes it. */
function notesText(): string {
  const lines = [
    'Quire notes: plain text converted to PDF.',
    'Größe, café, naïve — “quoted” text.',
    'Русский текст и ελληνικά γράμματα.',
    '日本語のテキストと中文文本。',
  ];
  return `${Array.from({ length: 60 }, (_, index) => `${index + 1}. ${lines[index % lines.length]}`).join('\n')}\n`;
}
