import type { RenderBatch } from '../render/plan-render-batches.ts';
import { runRenderer, type RenderOutcome } from './render-jpeg-pages.ts';

/**
 * Renders one batch of pages to `<prefix>-<page>.png`, as `renderJpegPages` draws them (the crop box, annotations
 * and form fields, antialiased, ICC colour): pdftoppm on white, or, `transparent`, pdftocairo without the page's
 * white (pdftoppm has no such choice), so that what the page leaves unpainted has an alpha of 0 and what is drawn
 * keeps its own. Both write a page's file only once it is drawn (`watchPagesDrawn`). Lossless: PNG's deflate.
 */
export function renderPngPages(
  transparent: boolean,
  sourcePath: string,
  batch: RenderBatch,
  prefix: string,
  file: { name: string; index: number },
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<RenderOutcome> {
  const pages = ['-f', String(batch.firstPage), '-l', String(batch.lastPage)];
  const common = ['-png', '-r', String(batch.dpi), '-cropbox', ...pages, sourcePath, prefix];
  return transparent
    ? runRenderer('pdftocairo', ['-transp', ...common], batch, file, limits)
    : runRenderer('pdftoppm', common, batch, file, limits);
}
