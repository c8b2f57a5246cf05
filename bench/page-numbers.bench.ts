// npm run bench page-numbers: our Add page numbers ("Page {n} of {total}" at the foot of every page, and the same in
// Arabic and Japanese) against the floor of any tool that edits a PDF, qpdf rewriting it unchanged (no standard
// command-line tool numbers pages with shaped text): time (median of RUNS), output size and their ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { SIDE_BY_SIDE_HEADER, formatTable, measureOp, measureStandard, sideBySideCells } from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdfbox_rotations-90-180-270_6p.pdf',
];
const FORMATS = ['Page {n} of {total}', 'صفحة {n} من {total}', '{n} / {total} ページ'];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-page-numbers-'));
try {
  const rows = [['file', 'format', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'qpdf.pdf');
    const qpdf = measureStandard('qpdf', [path, output], output, RUNS);
    for (const format of FORMATS) {
      const options = { position: 'bottom-center', format, start: 1, fontSize: 12, margin: 28 };
      const ours = measureOp('page-numbers', options, RUNS, workDir, [path]);
      rows.push([name.replace(/^pdf\//, ''), format, ...sideBySideCells(qpdf, ours)]);
    }
  }
  console.log(`page-numbers: Quire against a plain qpdf rewrite; median of ${RUNS} runs\n`);
  console.log(formatTable(rows));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
