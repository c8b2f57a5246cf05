import { AppError } from '@quire/shared';
import type { PageRender } from './plan-page-renders.ts';

/** No JPEG page of ours comes near this many bytes a pixel (noise at quality 90 is about 1.3): below, no watch. */
const MOST_BYTES_PER_PIXEL = 2;
/** Pages drawn first, spread over the document, to foresee the size of the rest. */
const SAMPLE_PAGES = 3;
/** A projection is a projection: a result is refused early only when it would pass the limit by this much. */
const MARGIN = 1.1;
const MEBIBYTE = 1024 * 1024;

/**
 * Foresees the size of a set of page images from the pages drawn so far, so that a result that cannot fit the
 * output budget is refused after a few pages, not after all of them (20 pages of noise at 300 dpi took 105 s to
 * reach the limit). Pages spread over the document are drawn first (`samplePages`); once they are all drawn, and
 * after each batch from then on, the bytes written so far and the pixels left at a low estimate of their cost
 * must fit the limit (`add`).
 */
export class OutputForecast {
  readonly #limitBytes: number;
  readonly #totalPixels: number;
  readonly #samples = new Set<PageRender>();
  #pixelsDone = 0;
  #bytesDone = 0;
  /** The fewest bytes a pixel among the sampled pages: what the rest is taken to cost until some of it is drawn. */
  #sampleRate = Number.POSITIVE_INFINITY;
  #samplesLeft = 0;
  /** The pages drawn besides the samples, and their bytes. */
  #restPixels = 0;
  #restBytes = 0;

  constructor(renders: readonly PageRender[], limitBytes: number) {
    this.#limitBytes = limitBytes;
    this.#totalPixels = renders.reduce((sum, render) => sum + pixelsOf(render), 0);
  }

  /** Whether the result could pass the limit at all: only then are pages sampled and watched. */
  get mayOverflow(): boolean {
    return this.#totalPixels * MOST_BYTES_PER_PIXEL > this.#limitBytes;
  }

  /** The pages to draw first: the first, the middle and the last (fewer in a short document). */
  samplePages(renders: readonly PageRender[]): PageRender[] {
    if (!this.mayOverflow || renders.length <= SAMPLE_PAGES) return [];
    const picks = new Set<number>();
    for (let index = 0; index < SAMPLE_PAGES; index += 1) {
      picks.add(Math.round((index * (renders.length - 1)) / (SAMPLE_PAGES - 1)));
    }
    const samples = [...picks].map((index) => renders[index] as PageRender);
    for (const sample of samples) this.#samples.add(sample);
    this.#samplesLeft = samples.length;
    return samples;
  }

  /**
   * Counts drawn pages; throws `OUTPUT_TOO_LARGE` once the projection passes the limit. Nothing is judged until every
   * sample is drawn (a book's covers are no measure of its pages): the rest is then taken at the sample with the
   * fewest bytes a pixel, and once some of it is drawn, at what it really cost.
   */
  add(pages: readonly PageRender[], bytes: number): void {
    const pixels = pages.reduce((sum, render) => sum + pixelsOf(render), 0);
    this.#pixelsDone += pixels;
    this.#bytesDone += bytes;
    if (pixels > 0 && pages.every((render) => this.#samples.has(render))) {
      this.#sampleRate = Math.min(this.#sampleRate, bytes / pixels);
      this.#samplesLeft -= pages.length;
    } else {
      this.#restPixels += pixels;
      this.#restBytes += bytes;
    }
    if (!this.mayOverflow || this.#samplesLeft > 0) return;
    const rate = this.#restPixels > 0 ? this.#restBytes / this.#restPixels : this.#sampleRate;
    if (!Number.isFinite(rate)) return;
    const projected = this.#bytesDone + (this.#totalPixels - this.#pixelsDone) * rate;
    if (projected > this.#limitBytes * MARGIN) {
      const limitMegabytes = Math.floor(this.#limitBytes / MEBIBYTE);
      throw new AppError(
        'OUTPUT_TOO_LARGE',
        `The images would take about ${Math.round(projected / MEBIBYTE)} MB, more than the ${limitMegabytes} MB one job may produce. Choose a lower quality, or fewer pages.`,
        {
          limitBytes: this.#limitBytes,
          limitMegabytes,
          estimatedMegabytes: Math.round(projected / MEBIBYTE),
        },
      );
    }
  }
}

function pixelsOf(render: PageRender): number {
  return render.widthPx * render.heightPx;
}
