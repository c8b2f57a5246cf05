import { mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS, pageFileName, type PageRange } from '@quire/shared';
import { assemblePages } from '../qpdf/assemble-pages.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { writeZip, type ZipEntry } from '../zip/write-zip.ts';
import { readPageRanges, writeRangePieces } from './page-range-pieces.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): Page assembly: qpdf copies
 * each page's content without parsing it.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 4, perInputMiBMs: 40 };

/**
 * Splits a PDF into a zip of PDFs: one per page (mode `pages`), or one per item of a page list in the order given
 * (mode `range`, spec A.4). qpdf writes each piece with only the objects its pages use, so a piece of a document
 * whose pages share one big resource dictionary stays small. Pieces are never encrypted.
 */
export const split: EngineOp<'split'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.split.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const source = { ...file, path: info.path, password: info.password };
  // Pieces are named after the file and their pages, numbered to the width of its page count (`report-p07.pdf`).
  const nameOf = (range: Pick<PageRange, 'first' | 'last'>) =>
    pageFileName(file.name, range, info.pageCount, '.pdf');
  const piecesDir = await mkdtemp(join(ctx.workDir, 'pieces-'));

  ctx.onProgress?.('processing');
  let entries: ZipEntry[];
  if (options.mode === 'range') {
    const ranges = readPageRanges(options.pageRange, info.pageCount);
    entries = await extractRanges(source, ranges, nameOf, piecesDir, ctx);
  } else {
    entries = await splitEveryPage(source, nameOf, piecesDir, ctx);
  }

  ctx.onProgress?.('writing');
  const outputPath = join(piecesDir, 'split-pages.zip');
  await writeZip(outputPath, entries);
  return {
    path: outputPath,
    report: {
      values: { fileCount: entries.length },
      // The pieces are written decrypted: a protected file's pieces have no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

function passwordArgs(file: InputFile): string[] {
  return file.password ? [`--password=${file.password}`] : [];
}

/** The name of the piece holding some pages. */
type PieceNamer = (range: Pick<PageRange, 'first' | 'last'>) => string;

async function splitEveryPage(
  file: InputFile,
  nameOf: PieceNamer,
  dir: string,
  ctx: JobContext,
): Promise<ZipEntry[]> {
  // qpdf names the pieces page-01.pdf … with as many digits as the page count needs.
  const result = await runQpdf(
    [...passwordArgs(file), '--decrypt', '--split-pages', file.path, join(dir, 'page.pdf')],
    ctx,
  );
  if (!isQpdfSuccess(result)) throw damaged(file);
  const pieces = (await readdir(dir)).filter((name) => /^page-\d+\.pdf$/.test(name)).sort();
  return pieces.map((piece, index) => ({
    name: nameOf({ first: index + 1, last: index + 1 }),
    path: join(dir, piece),
  }));
}

async function extractRanges(
  file: InputFile,
  ranges: readonly PageRange[],
  nameOf: PieceNamer,
  dir: string,
  ctx: JobContext,
): Promise<ZipEntry[]> {
  const entries = ranges.map((range, index) => ({
    name: nameOf(range),
    path: join(dir, `piece-${index}.pdf`),
  }));
  await writeRangePieces(ranges, ctx, async (range, index) => {
    const pieces = [{ file: file.path, password: file.password, pages: [range] }];
    const assembled = await assemblePages(pieces, (entries[index] as ZipEntry).path, ctx);
    if (!assembled.ok) throw damaged(file);
  });
  return entries;
}

function damaged(file: InputFile): AppError {
  return new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be split.`, {
    fileIndex: 0,
    fileName: file.name,
  });
}
