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
