// npm run bench split: our split into single pages against `qpdf --split-pages` on the same corpus PDFs, in one
// run: time (median of RUNS) and total output size (our zip against the sum of qpdf's pieces).
import { readdir, rm, mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median, megabytes } from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdf2docx_demo_text-images-6p.pdf',
  'pdf/pdf2docx_cjk-tables-word365_5p.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-split-'));
try {
  const rows = [
    ['file', 'qpdf s', 'Quire s', 'time ratio', 'qpdf MB', 'Quire zip MB', 'size ratio', 'Quire RSS MB'],
  ];
  const totals = { qpdfSeconds: 0, oursSeconds: 0, qpdfBytes: 0, oursBytes: 0 };
  for (const name of FILES) {
    const path = corpusPath(name);
    const pieces = await mkdtemp(join(workDir, 'qpdf-'));
    const qpdfSeconds = median(
      Array.from(
        { length: RUNS },
        () => measureCommand('qpdf', ['--split-pages', path, join(pieces, 'page.pdf')]).wallSeconds,
      ),
    );
    const qpdfBytes = (
      await Promise.all((await readdir(pieces)).map((file) => stat(join(pieces, file))))
    ).reduce((sum, info) => sum + info.size, 0);
    const ours = measureOp('split', { mode: 'pages' }, RUNS, workDir, [path]);
    const oursSeconds = median(ours.seconds);
    totals.qpdfSeconds += qpdfSeconds;
    totals.oursSeconds += oursSeconds;
    totals.qpdfBytes += qpdfBytes;
    totals.oursBytes += ours.outputBytes;
    rows.push([
      name.replace(/^pdf\//, ''),
      qpdfSeconds.toFixed(3),
      oursSeconds.toFixed(3),
      (oursSeconds / qpdfSeconds).toFixed(2),
      megabytes(qpdfBytes),
      megabytes(ours.outputBytes),
      (ours.outputBytes / qpdfBytes).toFixed(3),
      ours.peakRssMb.toFixed(0),
    ]);
  }
  rows.push([
    'total',
    totals.qpdfSeconds.toFixed(3),
    totals.oursSeconds.toFixed(3),
    (totals.oursSeconds / totals.qpdfSeconds).toFixed(2),
    megabytes(totals.qpdfBytes),
    megabytes(totals.oursBytes),
    (totals.oursBytes / totals.qpdfBytes).toFixed(3),
    '',
  ]);
  console.log(
    `split into single pages: Quire (zip of pieces) against qpdf --split-pages; median of ${RUNS} runs\n`,
  );
  console.log(formatTable(rows));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
