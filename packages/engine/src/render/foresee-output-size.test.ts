import { describe, expect, it } from 'vitest';
import { OutputForecast } from './foresee-output-size.ts';
import type { PageRender } from './plan-page-renders.ts';

const MEBIBYTE = 1024 * 1024;
/** An A4 page at 300 dpi: 2480 × 3508 pixels, 8.7 million. */
const page = (pageNumber: number): PageRender => ({ pageNumber, dpi: 300, widthPx: 2480, heightPx: 3508 });
const pixels = 2480 * 3508;

describe('OutputForecast', () => {
  it('refuses pages of noise once the three samples are drawn', () => {
    const renders = Array.from({ length: 60 }, (_, index) => page(index + 1));
    const forecast = new OutputForecast(renders, 512 * MEBIBYTE);
    const samples = forecast.samplePages(renders);
    expect(samples.map((render) => render.pageNumber)).toEqual([1, 31, 60]);
    forecast.add([samples[0] as PageRender], 1.3 * pixels);
    forecast.add([samples[1] as PageRender], 1.3 * pixels);
    expect(() => forecast.add([samples[2] as PageRender], 1.3 * pixels)).toThrow(
      expect.objectContaining({ code: 'OUTPUT_TOO_LARGE' }),
    );
  });

  it('does not judge a book by its covers: photo covers, pages of text that fit', () => {
    const renders = Array.from({ length: 300 }, (_, index) => page(index + 1));
    const forecast = new OutputForecast(renders, 512 * MEBIBYTE);
    const [front, middle, back] = forecast.samplePages(renders) as [PageRender, PageRender, PageRender];
    // The covers finish first, at 3 MB each (300 covers would be 900 MB): nothing is judged before the middle.
    expect(() => forecast.add([front], 3 * MEBIBYTE)).not.toThrow();
    expect(() => forecast.add([back], 3 * MEBIBYTE)).not.toThrow();
    expect(() => forecast.add([middle], 0.6 * MEBIBYTE)).not.toThrow();
    // Then the pages of text, 0.6 MB each: about 180 MB in all.
    const rest = renders.filter((render) => ![front, middle, back].includes(render));
    for (let index = 0; index < rest.length; index += 10) {
      const batch = rest.slice(index, index + 10);
      expect(() => forecast.add(batch, batch.length * 0.6 * MEBIBYTE)).not.toThrow();
    }
  });

  it('watches nothing when the pages could not pass the limit whatever they hold', () => {
    const renders = [page(1), page(2), page(3), page(4)];
    const forecast = new OutputForecast(renders, 512 * MEBIBYTE);
    expect(forecast.samplePages(renders)).toEqual([]);
    expect(() => forecast.add(renders, 500 * MEBIBYTE)).not.toThrow();
  });
});
