// npm run bench redact: our Redact PDF on corpus PDFs (a search of common words, and one box per page of the first
// page's size), time (median of RUNS), output size against the input, and peak memory. MuPDF's own `mutool` (Debian
// package mupdf-tools), the standard tool to compare with, is not installed on this machine: its row is left out
// when `mutool` is not on the PATH, and measured as `mutool clean -gggg` (the rewrite half of a redaction) when it is.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
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
};
const hasMutool = spawnSync('which', ['mutool']).status === 0;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-redact-'));
try {
  const rows = [['file', 'input MB', 'Quire s', 'Quire MB', 'size ratio', 'Quire RSS MB', 'mutool clean s']];
  for (const name of FILES) {
    const path = corpusPath(name);
    const inputBytes = (await stat(path)).size;
    const ours = measureOp('redact', OPTIONS, RUNS, workDir, [path]);
    const mutoolSeconds = hasMutool
      ? median(
          Array.from(
            { length: RUNS },
            () => measureCommand('mutool', ['clean', '-gggg', path, join(workDir, 'mutool.pdf')]).wallSeconds,
          ),
        ).toFixed(3)
      : 'not installed';
    rows.push([
      name.replace(/^pdf\//, ''),
      megabytes(inputBytes),
      median(ours.seconds).toFixed(3),
      megabytes(ours.outputBytes),
      (ours.outputBytes / inputBytes).toFixed(3),
      ours.peakRssMb.toFixed(0),
      mutoolSeconds,
    ]);
  }
  console.log(`redact: Quire on corpus PDFs (five search terms, one box); median of ${RUNS}\n`);
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with qpdf, then MuPDF reads every page’s text, applies the redactions and rewrites the file whole.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
