import { join } from 'node:path';
import {
  AppError,
  TOOLS,
  checkLayoutPages,
  layoutError,
  type LayoutItem,
  type PageLayout,
  type PageTurn,
} from '@quire/shared';
import { quickInspect } from '../mupdf/quick-inspect.ts';
import { restoreNavigation, type PlacedPage } from '../mupdf/restore-navigation.ts';
import { readPageSizes, writeBlankPages, type PageSize } from '../mupdf/write-blank-pages.ts';
import { assemblePages, spansOfPages, type PagePiece } from '../qpdf/assemble-pages.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { formatPageList } from '../render/format-page-list.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): page assembly, as merge: qpdf copies each page's content without
 * parsing it, and MuPDF puts the navigation back.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 4, perInputMiBMs: 40 };

/** The sizes of blank pages in points: ISO A4 (210 × 297 mm) and US Letter (8.5 × 11 in). */
const BLANK_PAGE_SIZES = {
  a4: { width: 595.276, height: 841.89 },
  letter: { width: 612, height: 792 },
} as const satisfies Record<string, PageSize>;

/** A source of the assembly: an upload, read as qpdf and MuPDF read it (a repaired copy, its password). */
type Source = { file: InputFile; pageCount: number; wasRepaired: boolean; wasProtected: boolean };

/**
 * Writes one PDF of the pages `layout` lists, in its order: pages of the files sent (a page listed twice is there
 * twice, each a page object of its own), each turned by its `rotate` on top of its own /Rotate, and blank pages.
 * qpdf assembles the pages with their annotations and form fields; MuPDF then puts back the bookmarks and internal
 * links that lead to pages kept (at a page's first copy) and drops those that led to pages left out. A layout that
 * names a file not sent or a page past a file's end is refused (`INVALID_LAYOUT`, naming the item). The result is
 * never encrypted.
 */
export const organize: EngineOp<'organize'> = async ({ files, options }, ctx) => {
  const { layout } = options;
  ctx.onProgress?.('reading');
  const sources = await inspectSources(files, ctx);
  const problem = checkLayoutPages(
    layout,
    sources.map(({ file, pageCount }) => ({ name: file.name, pageCount })),
  );
  if (problem) throw layoutError(problem);
  await declarePdfWork(
    WORK_RATES,
    sources.map(({ file, pageCount }) => ({ pageCount, path: file.path, password: file.password })),
    ctx,
  );

  ctx.onProgress?.('processing');
  const blanksFile = { path: join(ctx.workDir, 'blank-pages.pdf'), name: 'blank-pages.pdf' };
  const blankSizes = await sizeBlanks(layout, sources);
  if (blankSizes.length > 0) await writeBlankPages(blankSizes, blanksFile.path);
  const outputPath = join(ctx.workDir, 'organized.pdf');
  const pieces = piecesOf(layout, sources, blanksFile.path);
  const assembled = await assemblePages(
    pieces.map(({ piece }) => piece),
    outputPath,
    ctx,
    rotateArgs(layout),
  );
  if (!assembled.ok) await failAssembly(pieces[assembled.failedPiece ?? -1]?.fileIndex, sources, ctx);

  ctx.onProgress?.('writing');
  const navigationSources = [...sources, { file: blanksFile, pageCount: blankSizes.length }];
  await restoreNavigation(outputPath, navigationSources, placedPages(layout, sources.length));
  return {
    path: outputPath,
    report: {
      values: { pageCount: layout.length },
      notices: [
        ...sources.flatMap((source, fileIndex) =>
          source.wasRepaired ? [{ code: 'FILE_REPAIRED' as const, fileIndex }] : [],
        ),
        ...passwordNotices(sources),
      ],
    },
  };
};

/** Reads each file as merge does: ordinary ones in process, the others by qpdf; the first failure in order is told. */
async function inspectSources(files: readonly InputFile[], ctx: JobContext): Promise<Source[]> {
  const { maxPages } = TOOLS.organize;
  const inspections = await Promise.allSettled(
    files.map(
      async (file, index) => (await quickInspect(file, maxPages)) ?? inspectPdf(file, index, ctx, maxPages),
    ),
  );
  return files.map((file, index) => {
    const inspection = inspections[index] as PromiseSettledResult<PdfInfo>;
    if (inspection.status === 'rejected') throw inspection.reason;
    const info = inspection.value;
    return {
      file: { ...file, path: info.path, password: info.password },
      pageCount: info.pageCount,
      wasRepaired: info.wasRepaired,
      wasProtected: info.wasProtected,
    };
  });
}

const isBlank = (item: LayoutItem): item is Extract<LayoutItem, { blank: unknown }> => 'blank' in item;

/**
 * The size of each blank page, in order: A4, Letter, or (`previous`) the size of the page before it as it will be
 * shown, its own /Rotate and its turn applied (A4 for a first page).
 */
async function sizeBlanks(layout: PageLayout, sources: readonly Source[]): Promise<PageSize[]> {
  const wanted = new Map<number, number[]>();
  layout.forEach((item, index) => {
    const before = layout[index - 1];
    if (isBlank(item) && item.blank === 'previous' && before && !isBlank(before))
      wanted.set(before.file, [...(wanted.get(before.file) ?? []), before.page]);
  });
  const read = new Map<number, Map<number, PageSize>>();
  for (const [fileIndex, pages] of wanted) {
    // A page MuPDF cannot measure (a file only qpdf reads) leaves the size before it in force.
    const sizes = await readPageSizes((sources[fileIndex] as Source).file, pages).catch(
      () => new Map<number, PageSize>(),
    );
    read.set(fileIndex, sizes);
  }

  const sizes: PageSize[] = [];
  let previous: PageSize = BLANK_PAGE_SIZES.a4;
  for (const item of layout) {
    if (isBlank(item)) {
      previous = item.blank === 'previous' ? previous : BLANK_PAGE_SIZES[item.blank];
      sizes.push(previous);
      continue;
    }
    const own = read.get(item.file)?.get(item.page);
    if (own) previous = item.rotate % 180 === 0 ? own : { width: own.height, height: own.width };
  }
  return sizes;
}

/** The qpdf pieces of a layout: each run of items from one file (or of blank pages) one piece, its pages in order. */
function piecesOf(
  layout: PageLayout,
  sources: readonly Source[],
  blanksPath: string,
): { piece: PagePiece; fileIndex: number | undefined }[] {
  const runs: { fileIndex: number | undefined; pages: number[] }[] = [];
  let blanks = 0;
  for (const item of layout) {
    const fileIndex = isBlank(item) ? undefined : item.file;
    const page = isBlank(item) ? (blanks += 1) : item.page;
    const run = runs.at(-1);
    if (run && run.fileIndex === fileIndex) run.pages.push(page);
    else runs.push({ fileIndex, pages: [page] });
  }
  return runs.map(({ fileIndex, pages }) => {
    const source = fileIndex === undefined ? undefined : (sources[fileIndex] as Source);
    return {
      fileIndex,
      piece: {
        file: source?.file.path ?? blanksPath,
        password: source?.file.password,
        pages: spansOfPages(pages),
      },
    };
  });
}

/** qpdf's options that turn the pages of the result (counted in the result) by their items' `rotate`. */
function rotateArgs(layout: PageLayout): string[] {
  const turned = new Map<PageTurn, number[]>();
  layout.forEach((item, index) => {
    if (!isBlank(item) && item.rotate !== 0)
      turned.set(item.rotate, [...(turned.get(item.rotate) ?? []), index + 1]);
  });
  return [...turned].map(([angle, positions]) => `--rotate=+${angle}:${formatPageList(positions, ',')}`);
}

/** Where each page of the result came from; blank pages from the file of blanks, the source after the uploads. */
function placedPages(layout: PageLayout, blanksSource: number): PlacedPage[] {
  let blanks = 0;
  return layout.map((item) =>
    isBlank(item) ? { source: blanksSource, page: blanks++ } : { source: item.file, page: item.page - 1 },
  );
}

/**
 * Page assembly failed: the file qpdf named is damaged; without one (its memory cap, say), qpdf's own look at each
 * file, which MuPDF's quick one spared, finds the file at fault; else the assembly failed as a whole.
 */
async function failAssembly(
  fileIndex: number | undefined,
  sources: readonly Source[],
  ctx: JobContext,
): Promise<never> {
  const named = fileIndex === undefined ? undefined : sources[fileIndex];
  if (named && fileIndex !== undefined) {
    throw new AppError('FILE_DAMAGED', `"${named.file.name}" is damaged and could not be repaired.`, {
      fileIndex,
      fileName: named.file.name,
    });
  }
  for (const [position, source] of sources.entries())
    await inspectPdf(source.file, position, ctx, TOOLS.organize.maxPages);
  throw new AppError('CONVERSION_FAILED', 'The pages could not be put together.');
}
