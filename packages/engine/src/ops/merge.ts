import { join } from 'node:path';
import { AppError, TOOLS } from '@quire/shared';
import { quickInspect } from '../mupdf/quick-inspect.ts';
import { restoreNavigation } from '../mupdf/restore-navigation.ts';
import { assemblePages } from '../qpdf/assemble-pages.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Page assembly: qpdf copies
 * each page's content without parsing it.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 4, perInputMiBMs: 40 };

/**
 * Merges PDFs in the order given. qpdf assembles the pages (fast, small memory, repairs damaged files, decrypts
 * with the given passwords; chosen by `npm run bench merge`); MuPDF then restores bookmarks and internal links,
 * which page assembly drops. The result is never encrypted: the report says which files had a password.
 */
export const merge: EngineOp<'merge'> = async ({ files }, ctx) => {
  // Ordinary files are read in process; the others by qpdf, side by side. When several files fail, the first one
  // in the visitor's order is reported.
  ctx.onProgress?.('reading');
  const inspections = await Promise.allSettled(
    files.map(
      async (file, index) =>
        (await quickInspect(file, TOOLS.merge.maxPages)) ??
        inspectPdf(file, index, ctx, TOOLS.merge.maxPages),
    ),
  );
  const sources = files.map((file, index) => {
    const inspection = inspections[index] as PromiseSettledResult<PdfInfo>;
    if (inspection.status === 'rejected') throw inspection.reason;
    const info = inspection.value;
    return {
      // The file qpdf and MuPDF read: the upload, or its repaired copy with a page tree that tells the truth.
      file: { ...file, path: info.path, password: info.password },
      pageCount: info.pageCount,
      wasRepaired: info.wasRepaired,
      wasProtected: info.wasProtected,
    };
  });

  await declarePdfWork(
    WORK_RATES,
    sources.map(({ file, pageCount }) => ({ pageCount, path: file.path, password: file.password })),
    ctx,
  );
  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'merged.pdf');
  const assembled = await assemblePages(
    sources.map(({ file }) => ({ file: file.path, password: file.password, pages: 'all' })),
    outputPath,
    ctx,
  );
  if (!assembled.ok) {
    // qpdf names the input it could not read: point the visitor at that file.
    const index = assembled.failedPiece ?? -1;
    const file = files[index];
    if (file) {
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, {
        fileIndex: index,
        fileName: file.name,
      });
    }
    // It stopped without naming one (its memory cap, say): qpdf's own look at each file, which MuPDF's quick one
    // spared, finds the file at fault and says what is wrong with it.
    for (const [position, source] of sources.entries())
      await inspectPdf(source.file, position, ctx, TOOLS.merge.maxPages);
    throw new AppError('CONVERSION_FAILED', 'The files could not be merged.');
  }
  ctx.onProgress?.('writing');
  await restoreNavigation(outputPath, sources);

  return {
    path: outputPath,
    report: {
      values: { pageCount: sources.reduce((sum, source) => sum + source.pageCount, 0) },
      notices: [
        ...sources.flatMap((source, fileIndex) =>
          source.wasRepaired ? [{ code: 'FILE_REPAIRED' as const, fileIndex }] : [],
        ),
        ...passwordNotices(sources),
      ],
    },
  };
};
