import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { useJobContext } from '../../test/job-context.ts';
import { bindScans, scanImage } from '@quire/test-kit/scanned-pdfs';
import { deskewPgm, measureSkew, readPgm, type GreyImage } from './deskew.ts';

const ctx = useJobContext(120_000);
/** A page of Arabic lines and an English one, from the corpus: no LibreOffice to start to set a page of text. */
const SOURCE = { path: corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf'), page: 1, language: 'ar' };

/** How many pixels of each grey level an image holds. */
function levels(image: GreyImage): Uint32Array {
  const counts = new Uint32Array(256);
  for (const value of image.pixels) counts[value] = (counts[value] as number) + 1;
  return counts;
}

/** Grey levels, other than white, that `after` holds more pixels of than `before`. */
function gainedLevels(before: GreyImage, after: GreyImage): number[] {
  const was = levels(before);
  return [...levels(after).subarray(0, 255)].flatMap((count, level) =>
    count > (was[level] as number) ? [level] : [],
  );
}

describe('deskewPgm', () => {
  it('levels a worn scan two ways: turned by interpolation in the file, and by shears that only move pixels', async () => {
    const scan = bindScans(
      [await scanImage(SOURCE, 'worn', join(ctx.workDir, 'worn'))],
      join(ctx.workDir, 'worn.pdf'),
    );
    // Drawn as OCR draws a scan in tones (`drawScanPage`).
    execFileSync('pdftoppm', ['-gray', '-r', '300', '-singlefile', scan, join(ctx.workDir, 'page')]);
    const path = join(ctx.workDir, 'page.pgm');
    const drawn = await readPgm(path);
    const copy = { ...drawn, pixels: Uint8Array.from(drawn.pixels) };

    const { angle, image, sheared } = await deskewPgm(path);

    // The scan was turned 1.3° clockwise: it is turned back, both ways, and its lines come out level.
    expect(Math.abs(angle + 1.3)).toBeLessThanOrEqual(0.1);
    expect(sheared).not.toBeNull();
    for (const levelled of [image, sheared as GreyImage]) {
      expect([levelled.width, levelled.height]).toEqual([drawn.width, drawn.height]);
      expect(Math.abs(measureSkew(levelled))).toBeLessThanOrEqual(0.1);
    }
    // The file holds the turned image, which Tesseract reads first.
    expect(Buffer.from((await readPgm(path)).pixels).equals(Buffer.from(image.pixels))).toBe(true);
    // Shears move pixels and blend none: no grey but the white laid in at the edges is more common than in the
    // scan. Interpolation makes thousands of in-between greys along every stroke.
    expect(gainedLevels(copy, sheared as GreyImage)).toEqual([]);
    expect(gainedLevels(copy, image).length).toBeGreaterThan(50);
  });

  it('leaves a level page as it is, with no second way to read it', async () => {
    const scan = bindScans(
      [await scanImage(SOURCE, 'clean', join(ctx.workDir, 'clean'))],
      join(ctx.workDir, 'clean.pdf'),
    );
    execFileSync('pdftoppm', ['-gray', '-r', '300', '-singlefile', scan, join(ctx.workDir, 'page')]);
    const path = join(ctx.workDir, 'page.pgm');
    const drawn = Buffer.from((await readPgm(path)).pixels);

    const { angle, image, sheared } = await deskewPgm(path);

    expect(angle).toBe(0);
    expect(sheared).toBeNull();
    expect(Buffer.from(image.pixels).equals(drawn)).toBe(true);
  });
});
