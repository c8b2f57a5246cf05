// npm run bench flatten: our Flatten PDF (forms and annotations) against qpdf flattening every annotation of the same
// corpus PDFs after drawing the missing field appearances (--generate-appearances --flatten-annotations=all): time
// (median of RUNS), output size and their ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { SIDE_BY_SIDE_HEADER, formatTable, measureOp, measureStandard, sideBySideCells } from './measure.ts';

const FILES = [
  'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf',
  'pdf/pdfbox_acroforms-basic-fields.pdf',
  'pdf/pysamples_libreoffice-form.pdf',
  'pdf/pdf2docx_sections-columns.pdf',
  // No form: the cost of reading and rewriting a long document.
  'pdf/pdfjs_freeculture-book_352p.pdf',
];
const RUNS = 3;

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-flatten-'));
try {
  const rows = [['file', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'qpdf.pdf');
    const args = ['--generate-appearances', '--flatten-annotations=all', path, output];
    const qpdf = measureStandard('qpdf', args, output, RUNS);
    const ours = measureOp('flatten', { what: 'both' }, RUNS, workDir, [path]);
    rows.push([name.replace(/^pdf\//, ''), ...sideBySideCells(qpdf, ours)]);
  }
  console.log(
    `flatten (forms and annotations): Quire against qpdf --flatten-annotations=all; median of ${RUNS}\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with qpdf, then MuPDF bakes and rewrites it, dropping unused objects.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
