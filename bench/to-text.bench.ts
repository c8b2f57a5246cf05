// npm run bench to-text: our PDF to text (engine op, as a server worker runs it, languages detected) against
// `pdftotext -layout`, on the same corpus PDFs in the same run. Per file: word recall against the words poppler and
// MuPDF both read in the PDF (what a reader sees beyond doubt), word order as the share of MuPDF's pairs of
// neighbouring words found side by side (an independent reading of the order: its structured text takes a column
// whole before the next), time (median of RUNS) and their ratios (Quire over -layout).
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntry, corpusPath, hasFeature, popplerWords, recall, words } from '@quire/corpus';
import { agreedWords, mupdfWords } from './docx-quality.ts';
import { formatTable, measureOp, measureStandard, median } from './measure.ts';

const FILES = [
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdflib_us-constitution_19p.pdf',
  'pdf/pdf2docx_demo_text-images-6p.pdf',
  'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf',
  'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf',
  'pdf/pdfbox_bidi-arabic-sample.pdf',
  'pdf/pdfjs_hebrew-text_issue11656.pdf',
];
const RUNS = 3;

/** The share of the reference's pairs of neighbouring words that stand side by side in the candidate too. */
function pairRecall(reference: readonly string[], candidate: readonly string[]): number {
  // The candidate's words that the reference has: a word of its own between two does not break their pair.
  const kept = agreedWords(candidate, reference);
  const pairs = new Map<string, number>();
  for (let index = 0; index + 1 < kept.length; index += 1) {
    const pair = `${kept[index]} ${kept[index + 1]}`;
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let found = 0;
  for (let index = 0; index + 1 < reference.length; index += 1) {
    const pair = `${reference[index]} ${reference[index + 1]}`;
    const count = pairs.get(pair) ?? 0;
    if (count > 0) {
      found += 1;
      pairs.set(pair, count - 1);
    }
  }
  return reference.length > 1 ? found / (reference.length - 1) : 1;
}

const share = (value: number) => value.toFixed(3);
const ratio = (ours: number, standard: number) => (standard > 0 ? (ours / standard).toFixed(2) : '–');

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-to-text-'));
try {
  const rows = [
    [
      'file',
      'pages',
      'words',
      '-layout recall',
      'Quire recall',
      'recall ratio',
      '-layout order',
      'Quire order',
      'order ratio',
      '-layout s',
      'Quire s',
      'time ratio',
    ],
  ];
  for (const name of FILES) {
    const path = corpusPath(name);
    const poppler = popplerWords(path);
    const mupdf = mupdfWords(path);
    const reference = agreedWords(poppler, mupdf);
    const inOrder = agreedWords(mupdf, poppler);
    const layoutPath = join(workDir, 'layout.txt');
    const standard = measureStandard(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', path, layoutPath],
      layoutPath,
      RUNS,
    );
    const layout = words(await readFile(layoutPath, 'utf8'));
    const ours = measureOp('pdf-to-text', { language: 'auto' }, RUNS, workDir, [path]);
    const quire = words(await readFile(ours.outputPath, 'utf8'));
    const layoutRecall = recall(reference, layout);
    const quireRecall = recall(reference, quire);
    // MuPDF writes a right-to-left line's words as they are seen, from the left: no order to hold a reading to.
    const isRightToLeft = hasFeature(corpusEntry(name), 'rtl');
    const layoutOrder = pairRecall(inOrder, layout);
    const quireOrder = pairRecall(inOrder, quire);
    const seconds = median(ours.seconds);
    rows.push([
      name.replace(/^pdf\//, ''),
      String(corpusEntry(name).pages ?? ''),
      String(reference.length),
      share(layoutRecall.found / layoutRecall.total),
      share(quireRecall.found / quireRecall.total),
      ratio(quireRecall.found, layoutRecall.found),
      isRightToLeft ? '–' : share(layoutOrder),
      isRightToLeft ? '–' : share(quireOrder),
      isRightToLeft ? '–' : ratio(quireOrder, layoutOrder),
      standard.seconds.toFixed(3),
      seconds.toFixed(3),
      ratio(seconds, standard.seconds),
    ]);
  }
  console.log(`PDF to text: Quire against pdftotext -layout, median of ${RUNS}\n`);
  console.log(formatTable(rows));
  console.log(
    '\nrecall: the share of the words poppler and MuPDF both read that each output has. order: the share of ' +
      'MuPDF’s pairs of neighbouring words found side by side (left out for right-to-left files, whose lines MuPDF ' +
      'reads as seen). Quire checks the file first (password, damage, page count) with qpdf and looks for scans ' +
      'among pages with almost no text; -layout keeps the columns of a page side by side on each line.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
