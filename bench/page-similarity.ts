// Helper of pdf-to-word.bench.ts: how alike two PDFs look, page by page, from low-resolution grey renders
// (pdftoppm) scaled to one size and compared with SSIM on 8×8 windows. Written for the benchmark only.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const RENDER_DPI = 40;
/** Both renders are scaled to this width (height from the original page) before comparing. */
const COMPARE_WIDTH_PX = 240;
const WINDOW_PIXELS = 8;
const SSIM_C1 = (0.01 * 255) ** 2;
const SSIM_C2 = (0.03 * 255) ** 2;
/** Layout similarity compares ink on a grid of cells this many across (about 20 points on a letter page). */
const LAYOUT_COLUMNS = 30;

/** Renders the first `pages` pages of a PDF to grey PNGs in `dir`, in page order. */
export function renderGrey(pdf: string, pages: number, dir: string, prefix: string): string[] {
  execFileSync('pdftoppm', [
    '-r',
    String(RENDER_DPI),
    '-gray',
    '-png',
    '-f',
    '1',
    '-l',
    String(pages),
    pdf,
    join(dir, prefix),
  ]);
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.png'))
    .sort()
    .map((name) => join(dir, name));
}

/** Mean SSIM of the page pairs; a page missing on one side scores 0. */
export async function similarity(original: readonly string[], converted: readonly string[]): Promise<number> {
  const scores: number[] = [];
  for (const [index, path] of original.entries()) {
    const other = converted[index];
    scores.push(other ? await ssim(path, other) : 0);
  }
  return scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length;
}

async function ssim(aPath: string, bPath: string): Promise<number> {
  const meta = await sharp(aPath).metadata();
  const height = Math.max(
    WINDOW_PIXELS,
    Math.round((COMPARE_WIDTH_PX * (meta.height ?? 1)) / (meta.width ?? 1)),
  );
  const load = (path: string) =>
    sharp(path).greyscale().resize(COMPARE_WIDTH_PX, height, { fit: 'fill' }).raw().toBuffer();
  const [a, b] = await Promise.all([load(aPath), load(bPath)]);
  let total = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW_PIXELS <= height; y += WINDOW_PIXELS) {
    for (let x = 0; x + WINDOW_PIXELS <= COMPARE_WIDTH_PX; x += WINDOW_PIXELS) {
      let sumA = 0;
      let sumB = 0;
      let sumAA = 0;
      let sumBB = 0;
      let sumAB = 0;
      for (let dy = 0; dy < WINDOW_PIXELS; dy += 1) {
        for (let dx = 0; dx < WINDOW_PIXELS; dx += 1) {
          const offset = (y + dy) * COMPARE_WIDTH_PX + x + dx;
          const va = a[offset] ?? 0;
          const vb = b[offset] ?? 0;
          sumA += va;
          sumB += vb;
          sumAA += va * va;
          sumBB += vb * vb;
          sumAB += va * vb;
        }
      }
      const n = WINDOW_PIXELS * WINDOW_PIXELS;
      const meanA = sumA / n;
      const meanB = sumB / n;
      const varA = sumAA / n - meanA * meanA;
      const varB = sumBB / n - meanB * meanB;
      const cov = sumAB / n - meanA * meanB;
      total +=
        ((2 * meanA * meanB + SSIM_C1) * (2 * cov + SSIM_C2)) /
        ((meanA * meanA + meanB * meanB + SSIM_C1) * (varA + varB + SSIM_C2));
      windows += 1;
    }
  }
  return windows === 0 ? 0 : total / windows;
}

/**
 * Mean layout similarity of the page pairs: the correlation of how much ink each cell of a coarse grid holds on the
 * two pages (Pearson's r, at most 1). Text a few points off still counts as in place; a blank page scores 0, as does
 * a page missing on one side. SSIM, above, gives a blank page half the score of a good one on a page of wide margins.
 */
export async function layoutSimilarity(original: readonly string[], converted: readonly (string | null)[]) {
  const scores: number[] = [];
  for (const [index, path] of original.entries()) {
    const other = converted[index];
    scores.push(other === undefined ? 0 : await inkCorrelation(path, other));
  }
  return scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length;
}

/** `bPath` null is a blank page. */
async function inkCorrelation(aPath: string, bPath: string | null): Promise<number> {
  const meta = await sharp(aPath).metadata();
  const rows = Math.max(1, Math.round((LAYOUT_COLUMNS * (meta.height ?? 1)) / (meta.width ?? 1)));
  const ink = async (path: string | null) => {
    if (!path) return new Array<number>(LAYOUT_COLUMNS * rows).fill(0);
    const grey = await sharp(path)
      .greyscale()
      .resize(LAYOUT_COLUMNS, rows, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    return [...grey].map((value) => 255 - value);
  };
  const [a, b] = await Promise.all([ink(aPath), ink(bPath)]);
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [meanA, meanB] = [mean(a), mean(b)];
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (const [index, valueA] of a.entries()) {
    const valueB = b[index] ?? 0;
    cov += (valueA - meanA) * (valueB - meanB);
    varA += (valueA - meanA) ** 2;
    varB += (valueB - meanB) ** 2;
  }
  if (varA === 0 && varB === 0) return 1;
  return varA === 0 || varB === 0 ? 0 : cov / Math.sqrt(varA * varB);
}
