import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS, pageFileName, type PageRange } from '@quire/shared';
import { restoreNavigation } from '../mupdf/restore-navigation.ts';
import { assemblePages } from '../qpdf/assemble-pages.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { writeZip, type ZipEntry } from '../zip/write-zip.ts';
import { readPageRanges, writeRangePieces } from './page-range-pieces.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): page assembly, as merge: qpdf copies each page's content without
 * parsing it, and MuPDF puts the navigation back.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 4, perInputMiBMs: 40 };

/**
 * Each PDF of mode `separate` has qpdf and MuPDF read the source again: about as much work as this many pages of
 * assembly (117 one-page PDFs of a 117-page, 1.8 MB file: 20 s on two loaded cores).
 */
const PIECE_WORK_PAGES = 40;

/**
 * Copies the pages of a page list, in the order given, into a new PDF (mode `one`; a page listed twice is there
 * twice, each a copy of its own), or into one PDF per item of the list, zipped and named after the source and their
 * pages (mode `separate`). qpdf assembles the pages with their form fields and annotations; MuPDF then puts back the
 * bookmarks and internal links that lead to pages of the same PDF and drops the others. Nothing is encrypted.
 */
export const extractPages: EngineOp<'extract-pages'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS['extract-pages'].maxPages);
  const ranges = readPageRanges(options.pages, info.pageCount);
  const pieces = options.mode === 'separate' ? ranges.length : 0;
  await declarePdfWork(WORK_RATES, [{ ...info, pageCount: info.pageCount + pieces * PIECE_WORK_PAGES }], ctx);
  const source = { ...file, path: info.path, password: info.password };
  const notices = [...repairNotices(info.wasRepaired), ...passwordNotices([info])];
  const pageCount = ranges.reduce((sum, range) => sum + range.last - range.first + 1, 0);

  ctx.onProgress?.('processing');
  if (options.mode === 'one') {
    const outputPath = join(ctx.workDir, 'extracted-pages.pdf');
    await assemble(source, info.pageCount, ranges, outputPath, ctx);
    return { path: outputPath, report: { values: { pageCount, fileCount: 0 }, notices } };
  }
  const piecesDir = await mkdtemp(join(ctx.workDir, 'pieces-'));
  const entries = await assembleEach(source, info.pageCount, ranges, piecesDir, ctx);
  ctx.onProgress?.('writing');
  const outputPath = join(piecesDir, 'extracted-pages.zip');
  await writeZip(outputPath, entries);
  return { path: outputPath, report: { values: { pageCount, fileCount: entries.length }, notices } };
};

/** Writes the pages of `ranges`, in order, to one PDF with the navigation that leads within it. */
async function assemble(
  file: InputFile,
  sourcePages: number,
  ranges: readonly PageRange[],
  outputPath: string,
  ctx: JobContext,
): Promise<void> {
  const assembled = await assemblePages(
    [{ file: file.path, password: file.password, pages: ranges }],
    outputPath,
    ctx,
  );
  if (!assembled.ok) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and its pages could not be extracted.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }
  const placed = ranges.flatMap(({ first, last }) =>
    Array.from({ length: last - first + 1 }, (_, index) => ({ source: 0, page: first - 1 + index })),
  );
  await restoreNavigation(outputPath, [{ file, pageCount: sourcePages }], placed);
}

/**
 * One PDF per item of the list, two at a time, named as split names its pieces (`report-p03.pdf`,
 * `report-p01-05.pdf`); an item listed again gets a number (`report-p03-2.pdf`), so no entry hides another.
 */
async function assembleEach(
  file: InputFile,
  sourcePages: number,
  ranges: readonly PageRange[],
  dir: string,
  ctx: JobContext,
): Promise<ZipEntry[]> {
  const seen = new Map<string, number>();
  const entries = ranges.map((range, index) => {
    const name = pageFileName(file.name, range, sourcePages, '.pdf');
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return {
      name: times === 1 ? name : name.replace(/\.pdf$/, `-${times}.pdf`),
      path: join(dir, `piece-${index}.pdf`),
    };
  });
  await writeRangePieces(ranges, ctx, (range, index) =>
    assemble(file, sourcePages, [range], (entries[index] as ZipEntry).path, ctx),
  );
  return entries;
}
