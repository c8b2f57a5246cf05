// npm run bench protect: our Protect PDF (AES-256, every permission refused) against qpdf encrypting the same
// corpus PDFs the same way, then our Unlock PDF against `qpdf --decrypt` on those protected files, in one run: time
// (median of RUNS), output size and their ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import {
  SIDE_BY_SIDE_HEADER,
  formatTable,
  measureCommand,
  measureOp,
  measureStandard,
  sideBySideCells,
} from './measure.ts';

const FILES = [
  'pdf/pdfjs_freeculture-book_352p.pdf',
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdflib_giraffe_large-jpeg-600pt.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
];
const RUNS = 3;
const PASSWORD = 'bench-password';

/** qpdf's own command for what Protect PDF does: AES-256, the same password, nothing allowed. */
const QPDF_PROTECT = (path: string, output: string) => [
  path,
  output,
  '--encrypt',
  PASSWORD,
  'bench-owner',
  '256',
  '--print=none',
  '--extract=n',
  '--modify=none',
  '--annotate=n',
  '--form=n',
  '--',
];

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-protect-'));
try {
  const rows = [['file', ...SIDE_BY_SIDE_HEADER('qpdf')]];
  for (const name of FILES) {
    const path = corpusPath(name);
    const output = join(workDir, 'qpdf.pdf');
    const qpdf = measureStandard('qpdf', QPDF_PROTECT(path, output), output, RUNS);
    const ours = measureOp('protect', { newPassword: PASSWORD, permissions: [] }, RUNS, workDir, [path]);
    rows.push([name.replace(/^pdf\//, ''), ...sideBySideCells(qpdf, ours)]);
  }
  console.log(`protect (AES-256, nothing allowed): Quire against qpdf --encrypt; median of ${RUNS} runs\n`);
  console.log(formatTable(rows));

  const unlockRows = [rows[0] ?? []];
  for (const name of FILES) {
    const locked = join(workDir, 'locked.pdf');
    measureCommand('qpdf', QPDF_PROTECT(corpusPath(name), locked));
    const output = join(workDir, 'qpdf-open.pdf');
    const qpdf = measureStandard(
      'qpdf',
      [`--password=${PASSWORD}`, '--decrypt', locked, output],
      output,
      RUNS,
    );
    const ours = measureOp('unlock', {}, RUNS, workDir, [locked], PASSWORD);
    unlockRows.push([name.replace(/^pdf\//, ''), ...sideBySideCells(qpdf, ours)]);
  }
  console.log(
    `\nunlock (those files, with their password): Quire against qpdf --decrypt; median of ${RUNS} runs\n`,
  );
  console.log(formatTable(unlockRows));
  console.log(
    '\nQuire checks the file first (password, damage, page count) with another qpdf call, and Unlock asks qpdf whether it is encrypted at all: that is the gap.',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
