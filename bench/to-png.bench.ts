// npm run bench to-png: our PDF to PNG (engine op at medium quality, 150 DPI, on white and transparent) against
// poppler's own commands on the same corpus PDFs, one process each: `pdftoppm -png -r 150` on white and
// `pdftocairo -png -transp -r 150` transparent. Time (median of RUNS), the pictures' bytes, their ratios.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import {
  SIDE_BY_SIDE_HEADER,
  formatTable,
  measureCommand,
  measureOp,
  median,
  sideBySideCells,
  type StandardRun,
} from './measure.ts';

const FILES = [
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdf2docx_demo_text-images-6p.pdf',
  'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf',
  'pdf/pdfbox_tiger_vector-form-xobject.pdf',
  'pdf/pdfjs_cmyk-jpeg-image.pdf',
];
const RUNS = 3;
const DPI = '150';

/** A poppler command drawing every page into its own directory: median time, and the bytes of all it wrote. */
async function measurePoppler(
  command: string,
  args: string[],
  path: string,
  dir: string,
): Promise<StandardRun> {
  const seconds: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    seconds.push(
      measureCommand(command, [...args, '-r', DPI, '-cropbox', path, join(dir, 'page')]).wallSeconds,
    );
  }
  let bytes = 0;
  for (const name of await readdir(dir)) bytes += (await stat(join(dir, name))).size;
  return { seconds: median(seconds), bytes };
}

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-to-png-'));
try {
  const rows = [['file', 'background', ...SIDE_BY_SIDE_HEADER('poppler')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    for (const transparent of [false, true]) {
      const standard = transparent
        ? await measurePoppler('pdftocairo', ['-png', '-transp'], path, join(workDir, 'poppler'))
        : await measurePoppler('pdftoppm', ['-png'], path, join(workDir, 'poppler'));
      const options = { quality: 'medium', transparent: String(transparent) };
      const ours = measureOp('pdf-to-png', options, RUNS, workDir, [path]);
      const row = [name.replace(/^pdf\//, ''), transparent ? 'transparent' : 'white'];
      rows.push([...row, ...sideBySideCells(standard, ours)]);
    }
  }
  console.log(
    `PDF to PNG at 150 DPI: Quire against pdftoppm -png (white) and pdftocairo -png -transp; median of ${RUNS}\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with qpdf, reads every page size with pdfinfo, ' +
      'draws in two processes over page ranges and zips the pages (stored, not deflated again).',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
