import { stat } from 'node:fs/promises';
import { measurePageContent } from '../mupdf/measure-page-content.ts';
import type { InputFile, JobContext } from '../ops/types.ts';
import type { PdfInfo } from '../qpdf/inspect-pdf.ts';
import { estimateWork, type WorkFacts, type WorkRates } from './estimate-work.ts';

/** Content past this much is long work for every tool: counting stops there. */
const CONTENT_CAP_BYTES = 64 * 1024 * 1024;

/**
 * Tells the pool the work of a job on PDFs once they are inspected (`JobContext.declareWork`), at its tool's rates:
 * their pages, their bytes, and for a tool that parses every page (one with a content rate) their decompressed
 * content. Resolves when the job may go on; a
 * job outside a pool (tests calling an op) declares nothing.
 */
export async function declarePdfWork(
  rates: WorkRates,
  pdfs: readonly Pick<PdfInfo, 'pageCount' | 'path' | 'password'>[],
  ctx: JobContext,
  more: Omit<WorkFacts, 'pages' | 'contentBytes' | 'inputBytes'> = {},
): Promise<void> {
  if (!ctx.declareWork) return;
  let pages = 0;
  let inputBytes = 0;
  let contentBytes = 0;
  for (const pdf of pdfs) {
    pages += pdf.pageCount;
    inputBytes += await sizeOf(pdf.path);
    if (rates.perContentMiBMs > 0 && contentBytes < CONTENT_CAP_BYTES) {
      contentBytes += await measurePageContent(pdf.path, pdf.password, CONTENT_CAP_BYTES - contentBytes);
    }
  }
  await ctx.declareWork(estimateWork(rates, { pages, inputBytes, contentBytes, ...more }));
}

/** Tells the pool the work of a job on files that are not PDFs (Word documents, images), from their sizes. */
export async function declareFileWork(
  rates: WorkRates,
  files: readonly InputFile[],
  ctx: JobContext,
): Promise<void> {
  if (!ctx.declareWork) return;
  let inputBytes = 0;
  for (const file of files) inputBytes += await sizeOf(file.path);
  await ctx.declareWork(estimateWork(rates, { pages: files.length, inputBytes }));
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}
