import type { RenderBatch } from '../render/plan-render-batches.ts';
import { writePpmStreamAsPngs } from '../render/ppm-stream-to-pngs.ts';
import { runRenderer, type RenderOutcome } from './render-jpeg-pages.ts';

/**
 * Renders one batch of pages to `<prefix>-<page>.png`, as `renderJpegPages` draws them (the crop box, annotations
 * and form fields, antialiased, ICC colour). On white, pdftoppm writes the pages' rasters to its standard output and
 * each is deflated here as it arrives (`writePpmStreamAsPngs`): poppler's own PNG writer took 7 times the CPU.
 * `transparent`, pdftocairo draws without the page's white (pdftoppm has no such choice) and writes the PNGs
 * itself, so that what the page leaves unpainted has an alpha of 0 and what is drawn keeps its own. Either way a
 * page's file appears only once it is drawn (`watchPagesDrawn`).
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
  const drawing = ['-r', String(batch.dpi), '-cropbox', ...pages, sourcePath];
  if (transparent) {
    return runRenderer('pdftocairo', ['-transp', '-png', ...drawing, prefix], batch, file, limits);
  }
  return runRenderer('pdftoppm', drawing, batch, file, limits, async (stdout) => {
    await writePpmStreamAsPngs(stdout, (index) => `${prefix}-${batch.firstPage + index}.png`);
  });
}
