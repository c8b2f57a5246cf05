// npm run bench from-images: our JPG to PDF (engine op, as a server worker runs it) against img2pdf on the same
// corpus images, in one run; then each other format it takes (made from the corpus photos, `image-formats.ts`),
// one file at a time, against img2pdf where img2pdf reads it. Time: median of RUNS; memory: peak RSS of the
// process (GNU time).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntries, corpusPath } from '@quire/corpus';
import { createFormatSamples } from './image-formats.ts';
import {
  formatTable,
  measureCommand,
  measureOp,
  measureStandard,
  median,
  SIDE_BY_SIDE_HEADER,
  sideBySideCells,
} from './measure.ts';

const RUNS = 5;

const entries = corpusEntries().filter((entry) => entry.group === 'images');
const paths = entries.map((entry) => corpusPath(entry.name));
const inputBytes = (await Promise.all(paths.map((path) => stat(path)))).reduce(
  (sum, info) => sum + info.size,
  0,
);
const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-from-images-'));
try {
  // img2pdf's defaults match ours: page = image at its DPI (96 when absent), EXIF rotation applied (as /Rotate).
  const img2pdfOutput = join(workDir, 'img2pdf.pdf');
  const img2pdfRuns = Array.from({ length: RUNS }, () =>
    measureCommand('img2pdf', [...paths, '-o', img2pdfOutput]),
  );

  // Ours runs in a fresh Node process that loads the engine once, converts once to warm up, then RUNS times.
  const ours = measureOp('jpg-to-pdf', { pageSize: 'fit', margin: 'none' }, RUNS, workDir, paths);
  const report = {
    ...ours,
    pages: Number(execFileSync('qpdf', ['--show-npages', ours.outputPath], { encoding: 'utf8' })),
  };

  const img2pdfSeconds = median(img2pdfRuns.map((run) => run.wallSeconds));
  const img2pdfRssMb = Math.max(...img2pdfRuns.map((run) => run.maxRssKb)) / 1024;
  const oursSeconds = median(report.seconds);
  const oursRssMb = ours.peakRssMb;
  const img2pdfBytes = (await stat(img2pdfOutput)).size;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

  console.log(
    `from-images: ${entries.length} corpus images (JPEG, CMYK, EXIF-rotated, PNG with alpha, interlaced), ` +
      `${mb(inputBytes)} MB, ${report.pages} pages; median of ${RUNS} runs\n`,
  );
  console.log(
    formatTable([
      ['', 'time (s)', 'peak RSS (MB)', 'output (MB)'],
      ['img2pdf (process)', img2pdfSeconds.toFixed(3), img2pdfRssMb.toFixed(0), mb(img2pdfBytes)],
      ['Quire jpg-to-pdf (warm)', oursSeconds.toFixed(3), oursRssMb.toFixed(0), mb(report.outputBytes)],
      [
        'ratio Quire / img2pdf',
        (oursSeconds / img2pdfSeconds).toFixed(2),
        (oursRssMb / img2pdfRssMb).toFixed(2),
        (report.outputBytes / img2pdfBytes).toFixed(2),
      ],
    ]),
  );
  console.log(
    '\nimg2pdf time includes starting Python (about 0.4 s of it); Quire time is per conversion in a warm process,',
  );
  console.log(
    `as the server runs it. Quire peak RSS is the whole process; ${report.baselineRssMb.toFixed(0)} MB of it is the idle runtime`,
  );
  console.log(
    `(Node, engine, MuPDF), so the conversion itself adds ${(oursRssMb - report.baselineRssMb).toFixed(0)} MB.`,
  );
  await compareOtherFormats(workDir);
} finally {
  await rm(workDir, { recursive: true, force: true });
}

/** One row per other format: img2pdf (where it reads the format) and Quire side by side, with the pages each made. */
async function compareOtherFormats(workDir: string): Promise<void> {
  const photos = [
    'images/pythondocx_photo-2048x1536_exif-hp.jpg',
    'images/pdflib_cmyk-jpeg_canon-eos.jpg',
  ].map((name) => corpusPath(name));
  const samples = await createFormatSamples(workDir, [...photos, ...paths]);
  const rows: string[][] = [['format', 'input', 'input MB', 'pages', ...SIDE_BY_SIDE_HEADER('img2pdf')]];
  for (const sample of samples) {
    const ours = measureOp('jpg-to-pdf', { pageSize: 'fit', margin: 'none' }, RUNS, workDir, [sample.path]);
    const pages = execFileSync('qpdf', ['--show-npages', ours.outputPath], { encoding: 'utf8' }).trim();
    const output = join(workDir, `img2pdf-${sample.format}.pdf`);
    const first = [
      sample.format,
      sample.note,
      ((await stat(sample.path)).size / 1024 / 1024).toFixed(2),
      pages,
    ];
    try {
      execFileSync('img2pdf', [sample.path, '-o', output], { stdio: 'ignore' });
      rows.push([
        ...first,
        ...sideBySideCells(measureStandard('img2pdf', [sample.path, '-o', output], output, RUNS), ours),
      ]);
    } catch {
      const oursSeconds = median(ours.seconds).toFixed(3);
      rows.push([
        ...first,
        'unread',
        oursSeconds,
        '',
        '',
        (ours.outputBytes / 1024 / 1024).toFixed(1),
        '',
        ours.peakRssMb.toFixed(0),
      ]);
    }
  }
  console.log(
    `\nOther formats, one file each; median of ${RUNS} runs ("unread": img2pdf cannot read the format)\n`,
  );
  console.log(formatTable(rows));
  console.log(
    "\nimg2pdf keeps a TIFF's and a GIF's data where PDF can hold it and decodes the rest with Pillow; Quire decodes",
  );
  console.log('every format but JPG and PNG losslessly to PNG-predicted Flate, its colour profile applied.');
}
