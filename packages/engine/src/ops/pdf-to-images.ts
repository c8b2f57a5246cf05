import { mkdir, readdir, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  AppError,
  JOB_TIMEOUT_MS,
  JPG_DPI,
  TOOLS,
  pageFileName,
  resultMimeType,
  type JobReport,
  type JpgQuality,
} from '@quire/shared';
import { readPageSizes } from '../poppler/read-page-sizes.ts';
import type { RenderOutcome } from '../poppler/render-jpeg-pages.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { planPageRenders, type PageRender } from '../render/plan-page-renders.ts';
import { planRenderBatches, type RenderBatch } from '../render/plan-render-batches.ts';
import { OutputForecast } from '../render/foresee-output-size.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import type { WorkRates } from '../work/estimate-work.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { runInLanes } from '../render/run-in-lanes.ts';
import { watchPagesDrawn } from '../render/watch-pages-drawn.ts';
import { writeZip } from '../zip/write-zip.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { InputFile, JobContext, JobResult } from './types.ts';
import { stopError } from '../process/stop-error.ts';

/** Renderer processes per job: measured 1.5–1.9× the pages per second of one on 2 cores (`npm run bench to-jpg`). */
const MAX_RENDER_PROCESSES = 2;
/** Batches per process: slow pages (scans, drawings) spread over both processes instead of piling up in one. */
const BATCHES_PER_PROCESS = 3;
/** Each batch opens the document again; below this many pages the reopening costs more than balance gains. */
const MIN_PAGES_PER_BATCH = 4;
/** pdftoppm and our plan round the page size independently, from a size pdfinfo prints to 6 digits. */
const PIXEL_SIZE_TOLERANCE_PX = 1;

/** The tools that draw each page of a PDF as a picture, and share this op's body. */
export type PageImageToolId = 'pdf-to-jpg' | 'pdf-to-png';

/** How one tool writes its pictures: the renderer of a batch, the files' extension and how their size is read. */
export type PageImageFormat = {
  readonly toolId: PageImageToolId;
  /** `.jpg`, `.png`: of the renderer's files and of the zip's entries. */
  readonly extension: string;
  /** What a job costs (`estimateWork`, from `npm run bench work-estimates`). */
  readonly workRates: WorkRates;
  readonly render: (
    sourcePath: string,
    batch: RenderBatch,
    prefix: string,
    file: { name: string; index: number },
    limits: { signal: AbortSignal; timeoutMs: number },
  ) => Promise<RenderOutcome>;
  /**
   * Set for a format whose time grows with its pixels past the tool's first two minutes: the job's limit becomes
   * those minutes and this much for each megapixel drawn (`JobContext.setTimeLimit`).
   */
  readonly megapixelTimeoutMs?: number;
  /** The pixel size read from an image file's header, null when it is not an image of the format. */
  readonly readSize: (path: string) => Promise<{ width: number; height: number } | null>;
};

/**
 * Renders every page of one PDF to a picture at 300, 150 or 72 DPI and zips them, named after the file and their
 * pages (`report-p01.jpg`, …); a one-page document gives its picture alone (`resultMimeType`). poppler draws the
 * pages (chosen by `npm run bench to-jpg`: faster and a tenth of the memory of MuPDF.js with sharp, same colours on
 * the CMYK, JPEG 2000 and transparency files of the corpus), in parallel processes over page ranges. Every page's
 * pixel size is decided before anything is drawn: a page over `MAX_PAGE_PIXELS`, or with a side over
 * `MAX_PAGE_SIDE_PX` (JPEG's own limit, kept for PNG so that both tools draw the same pages), is drawn at the
 * largest resolution that fits, and the response says so in `X-Pages-Downscaled` and `X-Render-Dpi-Min`; one that
 * fits at no resolution is `DOCUMENT_TOO_COMPLEX`. PDF to JPG and PDF to PNG differ only in `format`.
 */
export async function pdfToImages<T extends PageImageToolId>(
  format: PageImageFormat & { readonly toolId: T },
  file: InputFile,
  quality: JpgQuality,
  ctx: JobContext,
): Promise<JobResult<T>> {
  const { toolId, extension } = format;
  const requestedDpi = JPG_DPI[quality];
  const fileRef = { name: file.name, index: 0 };
  const deadline = Date.now() + ctx.timeoutMs;
  const controller = new AbortController();
  const signal = AbortSignal.any([ctx.signal, controller.signal]);
  const limits = () => ({ signal, timeoutMs: Math.max(1, deadline - Date.now()) });

  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS[toolId].maxPages);
  const sourcePath = await prepareRenderSource(file, 0, info, ctx);
  const pageSizes = await readPageSizes(sourcePath, info.pageCount, fileRef, limits());
  const renders = planPageRenders(pageSizes, requestedDpi, fileRef);

  const megapixels = renders.reduce((sum, render) => sum + render.widthPx * render.heightPx, 0) / 1e6;
  if (format.megapixelTimeoutMs !== undefined) {
    const limitMs = 2 * JOB_TIMEOUT_MS + megapixels * format.megapixelTimeoutMs;
    ctx.setTimeLimit?.(Math.min(ctx.timeoutMs, limitMs));
  }
  await declarePdfWork(format.workRates, [info], ctx, { megapixels });

  const pagesDir = join(ctx.workDir, 'pages');
  await mkdir(pagesDir);
  const lanes = Math.min(MAX_RENDER_PROCESSES, availableParallelism());
  // A result that cannot fit the output budget is refused from a few pages drawn first, spread over the document.
  const forecast = new OutputForecast(renders, ctx.maxOutputBytes ?? Number.POSITIVE_INFINITY);
  const samples = forecast.samplePages(renders);
  const rest = renders.filter((render) => !samples.includes(render));
  const sampleBatches = samples.map((render) => ({
    firstPage: render.pageNumber,
    lastPage: render.pageNumber,
    dpi: render.dpi,
    pages: [render],
  }));
  let hasDroppedImages = false;
  const total = renders.length;
  ctx.onProgress?.('processing', { done: 0, total });
  // Counted page by page as the renderers draw, not as each exits: one renderer may draw a whole short document.
  const drawn = watchPagesDrawn(pagesDir, extension, total, (done) =>
    ctx.onProgress?.('processing', { done, total }),
  );
  const drawBatches = (batches: readonly RenderBatch[]) =>
    runInLanes(
      batches,
      lanes,
      async (batch) => {
        // Checked between batches; an abort during one kills its renderer process.
        if (signal.aborted) throw stopError(signal);
        const prefix = join(pagesDir, `from-${batch.firstPage}`);
        const outcome = await format.render(sourcePath, batch, prefix, fileRef, limits());
        hasDroppedImages ||= outcome.hasDroppedImages;
        forecast.add(batch.pages, await bytesWritten(pagesDir, `from-${batch.firstPage}-`));
        drawn.add(batch.pages.length);
      },
      () => controller.abort(),
    );
  try {
    await drawBatches(sampleBatches);
    await drawBatches(planRenderBatches(rest, lanes * BATCHES_PER_PROCESS, MIN_PAGES_PER_BATCH));
  } finally {
    drawn.stop();
  }

  ctx.onProgress?.('writing');
  const pagePaths = await collectPageImages(pagesDir, renders, file.name, format);
  const report: JobReport<T> = describeResult(renders, requestedDpi, info, hasDroppedImages);
  const [onlyPage] = pagePaths;
  if (onlyPage && resultMimeType(toolId, report) !== TOOLS[toolId].output.mimeType) {
    return { path: onlyPage, report };
  }
  const outputPath = join(ctx.workDir, 'pdf-images.zip');
  await writeZip(
    outputPath,
    renders.map((render, index) => ({
      name: pageFileName(
        file.name,
        { first: render.pageNumber, last: render.pageNumber },
        info.pageCount,
        extension,
      ),
      path: pagePaths[index] as string,
    })),
  );
  return { path: outputPath, report };
}

/** Bytes of the page images one batch wrote (their names start with its prefix). */
async function bytesWritten(dir: string, prefix: string): Promise<number> {
  let bytes = 0;
  for (const name of await readdir(dir)) {
    if (name.startsWith(prefix)) bytes += (await stat(join(dir, name))).size;
  }
  return bytes;
}

/**
 * Finds the image of every planned page and checks its pixel size against the plan: pdftoppm exits 0 even when
 * it writes a 1×1 image for a page it cannot hold, so its exit code alone proves nothing.
 */
async function collectPageImages(
  dir: string,
  renders: readonly PageRender[],
  fileName: string,
  format: Pick<PageImageFormat, 'extension' | 'readSize'>,
): Promise<string[]> {
  const byPage = new Map<number, string>();
  for (const name of await readdir(dir)) {
    const match = /^from-\d+-(\d+)(\.\w+)$/.exec(name);
    if (match?.[2] !== format.extension) continue;
    byPage.set(Number(match[1]), join(dir, name));
  }
  // One page at a time: a few hundred small reads, without a few hundred buffers alive at once.
  const paths: string[] = [];
  for (const render of renders) {
    const path = byPage.get(render.pageNumber);
    const size = path ? await format.readSize(path) : null;
    const isPlannedSize =
      size !== null &&
      Math.abs(size.width - render.widthPx) <= PIXEL_SIZE_TOLERANCE_PX &&
      Math.abs(size.height - render.heightPx) <= PIXEL_SIZE_TOLERANCE_PX;
    if (!path || !isPlannedSize) {
      throw new AppError(
        'CONVERSION_FAILED',
        `Page ${render.pageNumber} of "${fileName}" could not be rendered.`,
        {
          fileIndex: 0,
          fileName,
          pageNumber: render.pageNumber,
        },
      );
    }
    paths.push(path);
  }
  return paths;
}

/**
 * The figures of the result, and notices for pages drawn below the asked resolution, images left out and a
 * protected file's pictures, which have no password.
 */
function describeResult(
  renders: readonly PageRender[],
  requestedDpi: number,
  info: Pick<PdfInfo, 'wasRepaired' | 'wasProtected'>,
  hasDroppedImages: boolean,
): { values: JobReport<PageImageToolId>['values']; notices: JobReport['notices'] } {
  const downscaled = renders.filter((render) => render.dpi < requestedDpi);
  const minDpi = Math.min(requestedDpi, ...downscaled.map((render) => render.dpi));
  return {
    values: { pageCount: renders.length, downscaledPages: downscaled.length, minDpi },
    notices: [
      ...repairNotices(info.wasRepaired),
      ...(downscaled.length > 0
        ? [{ code: 'PAGES_DOWNSCALED' as const, fileIndex: 0, pages: downscaled.length, dpi: minDpi }]
        : []),
      ...(hasDroppedImages ? [{ code: 'IMAGES_DROPPED' as const, fileIndex: 0 }] : []),
      ...passwordNotices([info]),
    ],
  };
}
