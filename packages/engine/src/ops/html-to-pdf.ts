import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MAX_HTML_PAGES } from '@quire/shared';
import { readHtmlSite } from '../html/html-site.ts';
import { printHtml } from '../html/print-html.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { declareFileWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): a Chromium started for the job, and the page's files, whose
 * layout is unknown before it is drawn. Measured on a loaded two-core machine (cpuacct of the whole process tree,
 * less the engine's import): a one-line page 3.7 s of one core (playwright-core's first import included), a page
 * printing to 201 pages 8 s.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 3000, perInputMiBMs: 1500 };

/**
 * Converts a web page to PDF: one .html file, or a .zip of a page's folder whose `index.html` is printed with the
 * pictures, styles, scripts and fonts beside it (`../html/html-site.ts`). A headless Chromium started for the job
 * draws it with no network and no file but the upload's (`../html/print-html.ts`): nothing the page asks for leaves
 * the job. On `pageSize` paper, turned with `landscape`, with `margins` (`auto`: the page's own CSS margins, else
 * 1 cm); backgrounds printed, headings made bookmarks. At most `MAX_HTML_PAGES` pages.
 */
export const htmlToPdf: EngineOp<'html-to-pdf'> = async ({ file, options }, ctx) => {
  const site = await readHtmlSite(file);
  await declareFileWork(WORK_RATES, [file], ctx);
  ctx.onProgress?.('processing');
  const started = performance.now();
  let outcome = 'OK';
  let refused = 0;
  try {
    const { pdf, refusedRequests } = await printHtml(
      site,
      {
        pageSize: options.pageSize,
        landscape: options.landscape === 'true',
        margins: options.margins,
        maxPages: MAX_HTML_PAGES,
      },
      ctx,
    );
    refused = refusedRequests;
    if (ctx.maxOutputBytes !== undefined && pdf.length > ctx.maxOutputBytes) {
      throw new AppError('OUTPUT_TOO_LARGE', 'The result is larger than one job may produce.');
    }
    const outputPath = join(ctx.workDir, 'converted.pdf');
    await writeFile(outputPath, pdf);
    const pageCount = await countPages(outputPath, ctx);
    if (pageCount > MAX_HTML_PAGES) {
      throw new AppError(
        'DOCUMENT_TOO_COMPLEX',
        `"${file.name}" prints to more than ${MAX_HTML_PAGES} pages.`,
        { fileIndex: 0, fileName: file.name, maxPages: MAX_HTML_PAGES },
      );
    }
    return { path: outputPath, report: { values: { pageCount }, notices: [] } };
  } catch (error) {
    outcome = error instanceof AppError ? error.code : 'INTERNAL';
    throw error;
  } finally {
    // One line per conversion, without the visitor's file name or what the page asked for.
    const durationMs = Math.round(performance.now() - started);
    process.stderr.write(
      `${JSON.stringify({ event: 'chromium', tool: 'html-to-pdf', files: site.fileCount, refusedRequests: refused, durationMs, outcome })}\n`,
    );
  }
};

async function countPages(path: string, ctx: Parameters<EngineOp<'html-to-pdf'>>[1]): Promise<number> {
  const result = await runQpdf(['--show-npages', path], ctx);
  const count = isQpdfSuccess(result) ? Number.parseInt(result.stdout.trim(), 10) : Number.NaN;
  if (!(count >= 1))
    throw new AppError('CONVERSION_FAILED', 'The page could not be printed.', { fileIndex: 0 });
  return count;
}
