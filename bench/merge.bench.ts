// npm run bench merge: our merge (engine op, as a server worker runs it) against `qpdf --empty --pages … --` on
// the same ten corpus PDFs, in one run. Time: median of RUNS; memory: peak RSS of the process tree (GNU time).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { formatTable, measureCommand, measureOp, median, megabytes } from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdf2docx_whisper-paper_28p-linearized.pdf',
  'pdf/pdflib_us-constitution_19p.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdf2docx_cjk-tables-word365_5p.pdf',
  'pdf/pdflib_giraffe_large-jpeg-600pt.pdf',
  'pdf/pysamples_base64image_large-image.pdf',
  'pdf/pdfjs_images-cairo_10-images.pdf',
  'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf',
];
const RUNS = 5;

const paths = FILES.map((name) => corpusPath(name));
const inputBytes = (await Promise.all(paths.map((path) => stat(path)))).reduce(
  (sum, info) => sum + info.size,
  0,
);
const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-merge-'));
try {
  const qpdfOutput = join(workDir, 'qpdf.pdf');
  const qpdfRuns = Array.from({ length: RUNS }, () =>
    measureCommand('qpdf', ['--empty', '--pages', ...paths, '--', qpdfOutput]),
  );
  const ours = measureOp('merge', {}, RUNS, workDir, paths);
  const pages = Number(execFileSync('qpdf', ['--show-npages', ours.outputPath], { encoding: 'utf8' }));

  const qpdfSeconds = median(qpdfRuns.map((run) => run.wallSeconds));
  const qpdfRssMb = Math.max(...qpdfRuns.map((run) => run.maxRssKb)) / 1024;
  const oursSeconds = median(ours.seconds);
  const qpdfBytes = (await stat(qpdfOutput)).size;

  console.log(
    `merge: ${FILES.length} corpus PDFs, ${megabytes(inputBytes)} MB, ${pages} pages; median of ${RUNS} runs\n`,
  );
  console.log(
    formatTable([
      ['', 'time (s)', 'peak RSS (MB)', 'output (MB)', 'bookmarks+links'],
      ['qpdf --empty --pages', qpdfSeconds.toFixed(3), qpdfRssMb.toFixed(0), megabytes(qpdfBytes), 'dropped'],
      ['Quire merge', oursSeconds.toFixed(3), ours.peakRssMb.toFixed(0), megabytes(ours.outputBytes), 'kept'],
      [
        'ratio Quire / qpdf',
        (oursSeconds / qpdfSeconds).toFixed(2),
        (ours.peakRssMb / qpdfRssMb).toFixed(2),
        (ours.outputBytes / qpdfBytes).toFixed(2),
        '',
      ],
    ]),
  );
  console.log(
    '\nQuire time is per merge in a warm process, as the server runs it; its peak RSS is the whole process',
  );
  console.log(
    `tree, qpdf children included; ${ours.baselineRssMb.toFixed(0)} MB of it is the idle runtime (Node, engine, MuPDF),`,
  );
  console.log(`so the merge itself adds ${(ours.peakRssMb - ours.baselineRssMb).toFixed(0)} MB.`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
