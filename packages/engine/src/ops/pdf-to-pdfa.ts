import { writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { join } from 'node:path';
import { AppError, rulesOf, TOOLS, type PdfaLevel, type PdfaRule } from '@quire/shared';
import { runGhostscript } from '../ghostscript/run-ghostscript.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { damagedError, openAuthenticated } from '../mupdf/edit-pdf.ts';
import { openPdfFile } from '../mupdf/open-pdf-file.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { checkPdfa } from '../pdfa/check-pdfa.ts';
import { findSrgbProfile, OUTPUT_INTENT_POSTSCRIPT } from '../pdfa/output-intent.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

const FAILURE = 'could not be converted to PDF/A';

/**
 * What a job of this tool costs (`estimateWork`, measured with `npm run bench pdfa`): Ghostscript interprets and
 * rewrites every page, then our checker reads every object of the result.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 300, perPageMs: 250, perInputMiBMs: 400 };

/**
 * Makes a PDF/A file of the level asked for (2b by default, 1b or 3b) and checks it before handing it out.
 *
 * Ghostscript's pdfwrite does the conversion (`-dPDFA=1|2|3`): it embeds every font (substituting the URW fonts for
 * the standard 14 and any font the file only names), converts colour to RGB under an sRGB output intent that we
 * embed, drops what PDF/A forbids (`-dPDFACompatibilityPolicy=1`: scripts and forbidden actions go, the rest of the
 * file is kept), flattens transparency for PDF/A-1 and writes the XMP identification. Then `checkPdfa` verifies the
 * rules we check (`PDFA_RULES`) on the result; one still broken is `PDFA_NOT_CONFORMANT` naming the rule and what
 * was found, rather than a file that claims PDF/A and is not. A protected file is decrypted first with the
 * visitor's password: PDF/A forbids encryption, so the result has none.
 */
export const pdfToPdfa: EngineOp<'pdf-to-pdfa'> = async ({ file, options }, ctx) => {
  const level: PdfaLevel = options.level;
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['pdf-to-pdfa'].maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing');
  const profile = await findSrgbProfile();
  if (profile === undefined)
    throw new AppError('TOOL_UNAVAILABLE', 'The sRGB colour profile is not installed.');
  const plain = await preparedCopy(file, info, ctx);
  const outputIntent = join(ctx.workDir, 'pdfa-output-intent.ps');
  await writeFile(outputIntent, OUTPUT_INTENT_POSTSCRIPT);
  const outputPath = join(ctx.workDir, 'converted-pdfa.pdf');
  const result = await runGhostscript(
    [
      '-sDEVICE=pdfwrite',
      `-dPDFA=${level.slice(0, 1)}`,
      '-dPDFACompatibilityPolicy=1',
      '-sColorConversionStrategy=RGB',
      '-dAutoRotatePages=/None',
      `-sQuireIccProfile=${profile}`,
      `-sOutputFile=${outputPath}`,
      outputIntent,
      plain,
    ],
    ctx,
    [profile],
  );
  // Ghostscript can exit 0 on a file it could not read: the page count of the result is the proof.
  if (result.exitCode !== 0) throw conversionFailed(file);

  ctx.onProgress?.('writing');
  const mupdf = await loadMupdf();
  let violations;
  let pageCount: number;
  try {
    const opened = openPdfFile(mupdf, outputPath);
    try {
      pageCount = opened.pdf.countPages();
      violations = checkPdfa(opened.pdf, level, ctx.signal);
    } finally {
      opened.close();
    }
  } catch (error) {
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    throw conversionFailed(file);
  }
  if (pageCount !== info.pageCount) throw conversionFailed(file);
  const first = violations[0];
  if (first !== undefined) {
    throw new AppError(
      'PDFA_NOT_CONFORMANT',
      `"${file.name}" could not be made PDF/A-${level}: rule ${first.rule} is broken (${first.detail}).`,
      {
        fileIndex: 0,
        fileName: file.name,
        rule: first.rule,
        detail: first.detail,
        level,
        reason: REASONS[first.rule] ?? 'other',
      },
    );
  }
  return {
    path: outputPath,
    report: {
      values: { pageCount, level, rulesChecked: rulesOf(level).length },
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/** The rules whose message says more than its id (`details.reason`, which the visitor's message selects on). */
const REASONS: Partial<Record<PdfaRule, string>> = {
  'no-embedded-files': 'attachments',
  'fonts-embedded': 'fonts',
};

function conversionFailed(file: InputFile): AppError {
  return new AppError('CONVERSION_FAILED', `"${file.name}" could not be converted to PDF/A.`, {
    fileIndex: 0,
    fileName: file.name,
  });
}

/** Annotation flags (PDF 32000-1, 12.5.3): Invisible, Hidden, Print, NoView. */
const INVISIBLE = 1;
const HIDDEN = 2;
const PRINT = 4;
const NO_VIEW = 32;

/**
 * The file Ghostscript reads: the visitor's file decrypted by MuPDF (with their password, or none for a file locked
 * only against changes), so no password is ever handed to Ghostscript, with every link marked as printed and shown.
 * PDF/A keeps only annotations that print, and Ghostscript drops the others: the links of most files, which draw
 * nothing and so were never flagged to print, would be lost.
 */
async function preparedCopy(file: InputFile, info: PdfInfo, ctx: JobContext): Promise<string> {
  const mupdf = await loadMupdf();
  const opened = openAuthenticated(mupdf, info.path, info.password, file.name, FAILURE);
  let bytes: Uint8Array;
  try {
    markLinksPrinted(opened.pdf);
    bytes = ownedBytes(opened.pdf.saveToBuffer('compress,decrypt'));
  } catch (error) {
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    throw damagedError(file.name, FAILURE);
  } finally {
    opened.close();
  }
  const path = join(ctx.workDir, 'pdfa-prepared.pdf');
  await writeFile(path, bytes);
  return path;
}

function markLinksPrinted(pdf: Mupdf.PDFDocument): void {
  for (let index = 0; index < pdf.countPages(); index += 1) {
    const annotations = pdf.findPage(index).get('Annots');
    if (!annotations.isArray()) continue;
    for (let at = 0; at < annotations.length; at += 1) {
      const annotation = annotations.get(at);
      if (!annotation.isDictionary() || annotation.get('Subtype').asName() !== 'Link') continue;
      const flags = annotation.get('F');
      const value = flags.isNumber() ? flags.asNumber() : 0;
      annotation.put('F', (value | PRINT) & ~(INVISIBLE | HIDDEN | NO_VIEW));
    }
  }
}
