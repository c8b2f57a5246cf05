// npm run bench repair: our Repair PDF against qpdf alone rewriting the same corpus files (`qpdf in out`, which
// repairs what it can as it reads), in one run: time (median of RUNS), output size and their ratios. Damaged files
// that qpdf rebuilds, then intact ones, which Repair PDF hands back as they were after reading them through.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { SIDE_BY_SIDE_HEADER, formatTable, measureOp, measureStandard, sideBySideCells } from './measure.ts';

const FILES = [
  'pdf/pdf2docx_cjk-tables-word365_5p.pdf',
  'bad/qpdf_append-xref-loop_prev-cycle_30p.pdf',
  'bad/qpdf_leading-junk-before-header_30p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdfjs_freeculture-book_352p.pdf',
];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-repair-'));
try {
  const rows = [['file', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'qpdf.pdf');
    // qpdf exits 3 when it had to repair: a success with warnings.
    const qpdf = measureStandard('qpdf', ['--warning-exit-0', path, output], output, RUNS);
    const ours = measureOp('repair', {}, RUNS, workDir, [path]);
    rows.push([name, ...sideBySideCells(qpdf, ours)]);
  }
  console.log(`repair: Quire against qpdf alone (qpdf in out); median of ${RUNS} runs\n`);
  console.log(formatTable(rows));
  console.log(
    '\nQuire first inspects the file as every tool does (qpdf, then MuPDF reading the page tree), rewrites it with ' +
      'qpdf, and inspects the rebuild again before handing it out: that is the gap.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
