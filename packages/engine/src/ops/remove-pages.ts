import { join } from 'node:path';
import { AppError, TOOLS, parsePageRanges } from '@quire/shared';
import { restoreNavigation } from '../mupdf/restore-navigation.ts';
import { assemblePages, spansOfPages } from '../qpdf/assemble-pages.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { pageRangeError } from './page-range-pieces.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): page assembly, as merge: qpdf copies each kept page's content
 * without parsing it, and MuPDF puts the navigation back.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 4, perInputMiBMs: 40 };

/**
 * Removes the pages of a page list (each once, whatever the overlaps) and keeps the others in their order. qpdf
 * assembles the kept pages, with their form fields and the annotations on them; MuPDF then puts back the bookmarks
 * and internal links of the kept pages and drops those that led to a removed page. The result is never encrypted.
 */
export const removePages: EngineOp<'remove-pages'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['remove-pages'].maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const kept = pagesToKeep(options.pages, info.pageCount);

  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'pages-removed.pdf');
  const assembled = await assemblePages(
    [{ file: info.path, password: info.password, pages: spansOfPages(kept) }],
    outputPath,
    ctx,
  );
  if (!assembled.ok) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and its pages could not be removed.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }

  ctx.onProgress?.('writing');
  const source = { file: { ...file, path: info.path, password: info.password }, pageCount: info.pageCount };
  await restoreNavigation(
    outputPath,
    [source],
    kept.map((page) => ({ source: 0, page: page - 1 })),
  );
  return {
    path: outputPath,
    report: {
      values: { pageCount: kept.length, removedPages: info.pageCount - kept.length },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/** The pages left once the list's are removed, in order (from 1); a list that takes them all is refused. */
function pagesToKeep(list: string | undefined, pageCount: number): number[] {
  const parsed = parsePageRanges(list ?? '', pageCount);
  if (!parsed.ok) throw pageRangeError(parsed.problem);
  const removed = new Set<number>();
  for (const { first, last } of parsed.ranges)
    for (let page = first; page <= last; page += 1) removed.add(page);
  const kept = Array.from({ length: pageCount }, (_, index) => index + 1).filter(
    (page) => !removed.has(page),
  );
  if (kept.length === 0) throw pageRangeError({ item: '', reason: 'everyPage', pageCount });
  return kept;
}
