import { AppError } from '@quire/shared';
import type { RenderBatch } from '../render/plan-render-batches.ts';
import type { StdoutReader } from '../process/run-process.ts';
import { runPoppler } from './run-poppler.ts';

/** libjpeg quality of every page image, as in the engine measurements: small text stays crisp. */
export const JPEG_QUALITY = 85;

export type RenderOutcome = {
  /** poppler reported that it ran out of memory and drew the page without an image that was too large. */
  hasDroppedImages: boolean;
};

/**
 * Renders one batch of pages to `<prefix>-<page>.jpg` with pdftoppm: the crop box (what viewers show), annotations
 * and form fields drawn, antialiased text and vectors, ICC colour through lcms, transparency on white. pdftoppm's
 * exit code is not trusted alone: the caller checks every image it expects exists with the planned size.
 */
export function renderJpegPages(
  sourcePath: string,
  batch: RenderBatch,
  prefix: string,
  file: { name: string; index: number },
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<RenderOutcome> {
  const args = [
    '-jpeg',
    '-jpegopt',
    `quality=${JPEG_QUALITY}`,
    '-r',
    String(batch.dpi),
    '-cropbox',
    '-f',
    String(batch.firstPage),
    '-l',
    String(batch.lastPage),
    sourcePath,
    prefix,
  ];
  return runRenderer('pdftoppm', args, batch, file, limits);
}

/**
 * Runs one renderer over a batch: its failure is the job's, told as a document too heavy (out of memory under the
 * cap) or damaged; a page poppler drew without an image too large for its memory is told in the outcome.
 */
export async function runRenderer(
  command: 'pdftoppm' | 'pdftocairo',
  args: readonly string[],
  batch: RenderBatch,
  file: { name: string; index: number },
  limits: { signal: AbortSignal; timeoutMs: number },
  readStdout?: StdoutReader,
): Promise<RenderOutcome> {
  const result = await runPoppler(command, args, limits, readStdout);
  const isOutOfMemory = /out of memory/i.test(result.stderr);
  if (result.exitCode !== 0) {
    const details = { fileIndex: file.index, fileName: file.name, pageNumber: batch.firstPage };
    // Running out of memory under the cap means a document too heavy to draw; any other failure, a crash in a
    // hostile codec included, is a broken file. Either way only the child dies and the job fails cleanly.
    throw isOutOfMemory
      ? new AppError('DOCUMENT_TOO_COMPLEX', `"${file.name}" needs too much memory to render.`, details)
      : new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be rendered.`, details);
  }
  return { hasDroppedImages: isOutOfMemory };
}
