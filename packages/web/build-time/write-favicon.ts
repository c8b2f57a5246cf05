import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { FAVICON } from '../app/lib/favicon.ts';

/**
 * Draws the favicon (`FAVICON`) from `favicon.svg` into the client build. The pages link the PNG: a browser reads an SVG
 * favicon by building a document for it on the page's main thread (20–40 ms on this machine's Chromium, at the
 * moment the page is starting), where a small PNG is decoded in well under a millisecond. The SVG stays the
 * drawing that the PNG, the share cards and the organisation's logo come from.
 */
export async function writeFavicon(clientDir: string): Promise<void> {
  const svg = await readFile(join(clientDir, 'favicon.svg'));
  // The mark is drawn on 32 units: render it at the size wanted rather than scaling a small bitmap up.
  const png = await sharp(svg, { density: (72 * FAVICON.px) / 32 })
    .resize(FAVICON.px, FAVICON.px)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  await writeFile(join(clientDir, FAVICON.file), png);
}
