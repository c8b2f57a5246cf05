// npm run bench redact: our Redact PDF on corpus PDFs (a search of common words, and one box on the first page),
// time (median of RUNS), output size against the input, and peak memory; against MuPDF's own `mutool` (Debian package
// mupdf-tools), the standard tool. `mutool` has no redaction command: `mutool run` runs MUTOOL_REDACT, a script of
// MuPDF's JavaScript that does what a redaction with the same terms and box needs in MuPDF's own way (its page
// search, case-insensitive, a Redact annotation on each hit and on the box, the redactions applied, the file saved
// with garbage collection and compression). It finds fewer places than Quire (no hyphen-joined words, no phrase across
// a line break) and removes nothing beside the pages (metadata, bookmarks, scripts): a floor for the time, not the
// same work. Its row is left out when `mutool` is not on the PATH.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median, megabytes } from './measure.ts';

const FILES = [
  // Two columns of text: many matches.
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf',
  'pdf/pdfjs_japanese-text_issue16538.pdf',
  // A long book: the cost of reading every page's text.
  'pdf/pdfjs_freeculture-book_352p.pdf',
];
const RUNS = 3;
const OPTIONS = {
  search: ['the', 'and', 'trace', 'リスク', 'مرحبا'],
  regex: 'false',
  areas: [{ page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.2 }],
  fill: '#000000',
  preview: 'false',
  skip: [],
};

/** `mutool run` script: file in, file out, the terms and the boxes as JSON; prints how many hits it redacted. */
const MUTOOL_REDACT = `
var doc = new PDFDocument(scriptArgs[0]);
var terms = JSON.parse(scriptArgs[2]);
var boxes = JSON.parse(scriptArgs[3]);
var hits = 0;
for (var index = 0; index < doc.countPages(); index++) {
  var page = doc.loadPage(index);
  var bounds = page.bound();
  var width = bounds[2] - bounds[0], height = bounds[3] - bounds[1];
  var marked = 0;
  for (var t = 0; t < terms.length; t++) {
    var found = page.search(terms[t], 100000);
    for (var h = 0; h < found.length; h++) page.createAnnotation('Redact').setQuadPoints(found[h]);
    marked += found.length;
  }
  hits += marked;
  for (var b = 0; b < boxes.length; b++) {
    var box = boxes[b];
    if (box.page !== index + 1) continue;
    page.createAnnotation('Redact').setRect([bounds[0] + box.x * width, bounds[1] + box.y * height,
      bounds[0] + (box.x + box.width) * width, bounds[1] + (box.y + box.height) * height]);
    marked++;
  }
  if (marked > 0) page.applyRedactions(true, 2);
}
doc.save(scriptArgs[1], 'garbage,compress');
print(hits);
`;
const hasMutool = spawnSync('which', ['mutool']).status === 0;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-redact-'));
try {
  const script = join(workDir, 'redact.js');
  await writeFile(script, MUTOOL_REDACT);
  const rows = [
    [
      'file',
      'input MB',
      'Quire s',
      'Quire MB',
      'Quire RSS MB',
      'mutool s',
      'mutool MB',
      'time ratio',
      'size ratio',
    ],
  ];
  for (const name of FILES) {
    const path = corpusPath(name);
    const inputBytes = (await stat(path)).size;
    const ours = measureOp('redact', OPTIONS, RUNS, workDir, [path]);
    const oursSeconds = median(ours.seconds);
    const theirs = hasMutool ? await measureMutool(path) : null;
    rows.push([
      name.replace(/^pdf\//, ''),
      megabytes(inputBytes),
      oursSeconds.toFixed(3),
      megabytes(ours.outputBytes),
      ours.peakRssMb.toFixed(0),
      theirs ? theirs.seconds.toFixed(3) : 'not installed',
      theirs ? megabytes(theirs.bytes) : '',
      theirs ? (oursSeconds / theirs.seconds).toFixed(2) : '',
      theirs ? (ours.outputBytes / theirs.bytes).toFixed(2) : '',
    ]);
  }
  console.log(
    `redact: Quire on corpus PDFs (five search terms, one box) against mutool run (ratios: Quire / mutool); median of ${RUNS}\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with qpdf, then MuPDF reads every page’s text, applies the redactions and rewrites the file whole.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}

/** `mutool run MUTOOL_REDACT` on one file: its median time and its output's size. */
async function measureMutool(path: string): Promise<{ seconds: number; bytes: number }> {
  const output = join(workDir, 'mutool.pdf');
  const args = ['run', join(workDir, 'redact.js'), path, output, JSON.stringify(OPTIONS.search)];
  args.push(JSON.stringify(OPTIONS.areas));
  const seconds = median(Array.from({ length: RUNS }, () => measureCommand('mutool', args).wallSeconds));
  return { seconds, bytes: (await stat(output)).size };
}
