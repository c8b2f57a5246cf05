// npm run bench rotate: our rotate (all pages, 90° clockwise) against `qpdf --rotate=+90` on the same corpus
// PDFs, in one run: time (median of RUNS) and output size.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median, megabytes } from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdflib_giraffe_large-jpeg-600pt.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-rotate-'));
try {
  const rows = [['file', 'qpdf s', 'Quire s', 'time ratio', 'qpdf MB', 'Quire MB', 'Quire RSS MB']];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'qpdf.pdf');
    const qpdfSeconds = median(
      Array.from({ length: RUNS }, () => measureCommand('qpdf', ['--rotate=+90', path, output]).wallSeconds),
    );
    const ours = measureOp('rotate', { angle: '90' }, RUNS, workDir, [path]);
    const oursSeconds = median(ours.seconds);
    rows.push([
      name.replace(/^pdf\//, ''),
      qpdfSeconds.toFixed(3),
      oursSeconds.toFixed(3),
      (oursSeconds / qpdfSeconds).toFixed(2),
      megabytes((await stat(output)).size),
      megabytes(ours.outputBytes),
      ours.peakRssMb.toFixed(0),
    ]);
  }
  console.log(`rotate all pages by 90°: Quire against qpdf --rotate=+90; median of ${RUNS} runs\n`);
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with a second qpdf call; that is the gap.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
