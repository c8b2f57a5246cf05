import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { writePdf } from '@quire/test-kit/hostile-pdfs';
import { drawPageArt } from './draw-page-art.ts';

/** A 200 × 100 point page: a red-to-blue axial shading across a band of it, and a line of text over the band. */
function createShadingPdf(): Buffer {
  const content = 'q 20 30 160 40 re W n /Sh1 sh Q\nBT 0 g /F1 12 Tf 30 45 Td (Over the shading) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ' +
      '/Shading << /Sh1 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [20 0 180 0] ' +
      '/Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >> >> >> >>',
    { dict: '<< >>', stream: Buffer.from(content) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** The garbage collector, run by the test where a long conversion's allocations would run it. */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('drawPageArt', () => {
  // MuPDF.js hands `fillShade` a shading it registers for dropping without having kept it (`keepBorrowed`): a
  // collected wrapper freed the shading under MuPDF, and a later drawing read freed memory (a 14-page paper failed
  // so on its last pages; here, within 40 drawings of the page without the fix).
  it('draws a shading, cut to its ink and without its text, page after page while the collector runs', async () => {
    const gc = garbageCollector();
    const document = mupdf.Document.openDocument(createShadingPdf(), 'application/pdf');
    const page = document.loadPage(0);
    try {
      for (let round = 0; round < 40; round += 1) {
        const { art } = await drawPageArt(mupdf, page, 0);
        const { x0 = 0, y0 = 0, x1 = 0, y1 = 0 } = art?.box ?? {};
        expect([x0 - 20, y0 - 30, x1 - 180, y1 - 70].every((offset) => Math.abs(offset) < 1)).toBe(true);
        // Red at its left end, blue at its right, and no black text drawn across its middle.
        const { data, info } = await sharp(art?.data)
          .removeAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const row = Math.floor(info.height / 2);
        const pixel = (x: number) => [
          ...data.subarray((info.width * row + x) * 3, (info.width * row + x) * 3 + 3),
        ];
        expect(pixel(1)[0]).toBeGreaterThan(200);
        expect(pixel(info.width - 2)[2]).toBeGreaterThan(200);
        const darkest = Math.min(...Array.from({ length: info.width }, (_, x) => Math.max(...pixel(x))));
        expect(darkest).toBeGreaterThan(100);
        gc();
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      page.destroy();
      document.destroy();
    }
  });
});
