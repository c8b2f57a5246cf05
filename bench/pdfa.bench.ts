// npm run bench pdfa: our PDF to PDF/A (2b) against plain Ghostscript -dPDFA=2 on the same corpus PDFs: time (median
// of RUNS), output size, their ratios, and how many of our checker's rules each output breaks (Ghostscript alone
// writes no output intent, so it breaks at least that one).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { checkPdfa, loadMupdf } from '@quire/engine';
import { SIDE_BY_SIDE_HEADER, formatTable, measureOp, measureStandard, sideBySideCells } from './measure.ts';

const FILES = [
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdf2docx_demo_text-images-6p.pdf',
  'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf',
  'pdf/pypdf_chinese-product-table_issue914.pdf',
  'pdf/pypdf_autocad-diagram_vector-a3.pdf',
];
const RUNS = 3;

const mupdf = await loadMupdf();
/** The rules (ids) a file breaks, for PDF/A-2b. */
function brokenRules(path: string): string[] {
  const pdf = new mupdf.PDFDocument(readFileSync(path));
  return [...new Set(checkPdfa(pdf, '2b').map((violation) => violation.rule))];
}

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-pdfa-'));
try {
  const rows = [['file', ...SIDE_BY_SIDE_HEADER('gs'), 'gs breaks', 'Quire breaks']];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'gs.pdf');
    const args = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFA=2'];
    const gs = measureStandard(
      'gs',
      [...args, '-sColorConversionStrategy=RGB', `-sOutputFile=${output}`, path],
      output,
      RUNS,
    );
    const gsBroken = brokenRules(output);
    const ours = measureOp('pdf-to-pdfa', { level: '2b' }, RUNS, workDir, [path]);
    const oursBroken = brokenRules(ours.outputPath);
    rows.push([
      name.replace(/^pdf\//, ''),
      ...sideBySideCells(gs, ours),
      gsBroken.join(' ') || 'none',
      oursBroken.join(' ') || 'none',
    ]);
  }
  console.log(
    `pdfa (2b): Quire against gs -dPDFA=2; median of ${RUNS}; rules of our checker each output breaks\n`,
  );
  console.log(formatTable(rows));
} finally {
  await rm(workDir, { recursive: true, force: true });
}
