// npm run bench watermark: our Watermark (a Latin, an Arabic and a Japanese text across the middle of every page,
// a text tiled over every page, and a PNG picture) against the standard way to put one stamp on every page, qpdf
// --overlay with a one-page stamp PDF made beforehand (here: the same watermark on a blank page, made by Quire and not
// timed): time (median of RUNS), output size and their ratios.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import * as mupdf from 'mupdf';
import { SIDE_BY_SIDE_HEADER, formatTable, measureOp, measureStandard, sideBySideCells } from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdfbox_rotations-90-180-270_6p.pdf',
];
const PNG = 'images/docxjs_tux_png-rgba-alpha.png';
const BASE = {
  position: 'center',
  opacity: 50,
  rotation: 45,
  fontSize: 48,
  color: '#808080',
  layer: 'over',
};
const CASES: { name: string; options: object; image?: string }[] = [
  { name: 'text', options: { ...BASE, text: 'CONFIDENTIAL' } },
  { name: 'Arabic', options: { ...BASE, text: 'سري للغاية' } },
  { name: 'Japanese', options: { ...BASE, text: '社外秘・コピー禁止' } },
  { name: 'tiled', options: { ...BASE, text: 'DRAFT', fontSize: 24, position: 'tiled' } },
  { name: 'PNG', options: BASE, image: corpusPath(PNG) },
];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-watermark-'));
try {
  const blank = join(workDir, 'blank.pdf');
  const document = new mupdf.PDFDocument();
  document.insertPage(-1, document.addPage([0, 0, 612, 792], 0, {}, ''));
  await writeFile(blank, document.saveToBuffer('').asUint8Array());
  document.destroy();
  const rows = [['file', 'watermark', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    for (const { name: watermark, options, image } of CASES) {
      // The stamp qpdf lays over every page: the same watermark on a blank page.
      const stamp = measureOp('watermark', options, 0, workDir, image ? [blank, image] : [blank]).outputPath;
      const output = join(workDir, 'qpdf.pdf');
      const args = [path, '--overlay', stamp, '--repeat=1', '--', output];
      const qpdf = measureStandard('qpdf', args, output, RUNS);
      const ours = measureOp('watermark', options, RUNS, workDir, image ? [path, image] : [path]);
      rows.push([name.replace(/^pdf\//, ''), watermark, ...sideBySideCells(qpdf, ours)]);
    }
  }
  console.log(`watermark: Quire against qpdf --overlay of a ready stamp; median of ${RUNS} runs\n`);
  console.log(formatTable(rows));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
