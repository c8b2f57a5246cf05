// npm run bench crop: our Crop PDF (36 points off every side of every page) against qpdf setting the same crop
// boxes (`--update-from-json`, the standard tool's way of changing page dictionaries), on corpus PDFs: time (median
// of RUNS), output size and their ratios. Then `auto` alone (each page drawn and measured), which qpdf cannot do.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { MAX_RENDER_PAGES } from '@quire/shared';
import {
  SIDE_BY_SIDE_HEADER,
  formatTable,
  measureOp,
  measureStandard,
  median,
  megabytes,
  sideBySideCells,
} from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdflib_giraffe_large-jpeg-600pt.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf',
];
const RUNS = 3;
const MARGIN_POINTS = 36;

type QpdfJson = {
  pages: { object: string }[];
  qpdf: [Record<string, unknown>, Record<string, { value: Record<string, unknown> }>];
};

/**
 * qpdf's update file that sets every page's CropBox to its shown box less `MARGIN_POINTS` a side, the shown boxes
 * read by poppler (inherited boxes included). Written before the timing: qpdf is timed on the update alone.
 */
async function writeQpdfUpdate(path: string, updatePath: string): Promise<void> {
  const json = JSON.parse(
    execFileSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', path], {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    }),
  ) as QpdfJson;
  const info = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '99999', path], { encoding: 'utf8' });
  const boxes = [...info.matchAll(/^Page\s+\d+ CropBox:\s+(.+)$/gm)].map((match) =>
    (match[1] ?? '').trim().split(/\s+/).map(Number),
  );
  const [header, objects] = json.qpdf;
  const updated: Record<string, { value: Record<string, unknown> }> = {};
  json.pages.forEach((page, index) => {
    const key = `obj:${page.object}`;
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = boxes[index] ?? [];
    const m = MARGIN_POINTS;
    updated[key] = { value: { ...objects[key]?.value, '/CropBox': [x0 + m, y0 + m, x1 - m, y1 - m] } };
  });
  await writeFile(updatePath, JSON.stringify({ qpdf: [header, updated] }));
}

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-crop-'));
try {
  const rows = [['file', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  const autoRows = [['file', 'pages', 'Quire s', 'ms a page', 'Quire MB', 'Quire RSS MB']];
  const margins = { top: MARGIN_POINTS, right: MARGIN_POINTS, bottom: MARGIN_POINTS, left: MARGIN_POINTS };
  for (const name of FILES) {
    const path = corpusPath(name);
    const update = join(workDir, 'update.json');
    await writeQpdfUpdate(path, update);
    const output = join(workDir, 'qpdf.pdf');
    const qpdf = measureStandard('qpdf', [path, `--update-from-json=${update}`, output], output, RUNS);
    const ours = measureOp('crop', { margins, pages: undefined }, RUNS, workDir, [path]);
    const short = name.replace(/^pdf\//, '');
    rows.push([short, ...sideBySideCells(qpdf, ours)]);
    const pages = Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }).trim());
    // `auto` draws at most MAX_RENDER_PAGES pages a job: the first of them on a longer document.
    const drawn = Math.min(pages, MAX_RENDER_PAGES);
    const auto = measureOp('crop', { margins: 'auto', pages: `1-${drawn}` }, RUNS, workDir, [path]);
    const autoSeconds = median(auto.seconds);
    autoRows.push([
      short,
      String(drawn),
      autoSeconds.toFixed(3),
      ((autoSeconds * 1000) / drawn).toFixed(1),
      megabytes(auto.outputBytes),
      auto.peakRssMb.toFixed(0),
    ]);
  }
  console.log(
    `crop (${MARGIN_POINTS} points a side, every page): Quire against qpdf --update-from-json; median of ${RUNS} runs\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\nqpdf is timed on the update alone (the page objects and boxes it needs are read before); Quire checks the file first (password, damage, page count) and appends an incremental update, so its size is the input plus the new boxes.',
  );
  console.log(`\ncrop auto (each page drawn at 50 DPI and measured); median of ${RUNS} runs\n`);
  console.log(formatTable(autoRows));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
