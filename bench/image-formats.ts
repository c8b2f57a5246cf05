// The other picture formats JPG to PDF takes, made for `npm run bench from-images` from the corpus's photos: the
// same pictures as WebP, a multi-page TIFF, an animated GIF, BMP, HEIC and AVIF, as cameras, phones, scanners and
// the web give them.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** Pages of the TIFF and frames of the GIF: a short scanned letter, a short animation. */
const PAGES = 4;
/** A phone photo's width, a scanner page's size (A4 at 150 dpi). */
const PHOTO_WIDTH = 2048;
const PAGE_SIZE = { width: 1240, height: 1754 };

export type FormatSample = { format: string; path: string; note: string };

/** Writes one sample of each format into `dir`, from the corpus photos at `photos` (the first is the main one). */
export async function createFormatSamples(dir: string, photos: readonly string[]): Promise<FormatSample[]> {
  const [main = ''] = photos;
  const photo = () => sharp(main).rotate().resize({ width: PHOTO_WIDTH });
  const pages = await Promise.all(
    Array.from({ length: PAGES }, (_, index) =>
      sharp(photos[index % photos.length])
        .rotate()
        .resize({ ...PAGE_SIZE, fit: 'cover' })
        .toColourspace('srgb')
        .removeAlpha()
        .png()
        .toBuffer(),
    ),
  );
  const path = (name: string) => join(dir, name);
  await photo().webp({ quality: 85 }).toFile(path('photo.webp'));
  await sharp(pages, { join: { animated: true } })
    .tiff({ compression: 'lzw' })
    .toFile(path('scan.tif'));
  const small = await Promise.all(pages.map((page) => sharp(page).resize({ width: 480 }).png().toBuffer()));
  await sharp(small, { join: { animated: true } })
    .gif()
    .toFile(path('animation.gif'));
  await writeFile(path('photo.bmp'), await createBmp(photo()));
  const png = path('photo-source.png');
  await photo().png().toFile(png);
  execFileSync('heif-enc', ['--quality', '85', png, '-o', path('photo.heic')]);
  await photo().avif({ quality: 60 }).toFile(path('photo.avif'));
  return [
    { format: 'WebP', path: path('photo.webp'), note: 'lossy, quality 85' },
    { format: 'TIFF', path: path('scan.tif'), note: `${PAGES} pages, LZW` },
    { format: 'GIF', path: path('animation.gif'), note: `${PAGES} frames, first taken` },
    { format: 'BMP', path: path('photo.bmp'), note: '24-bit' },
    { format: 'HEIC', path: path('photo.heic'), note: 'heif-enc, quality 85' },
    { format: 'AVIF', path: path('photo.avif'), note: 'quality 60' },
  ];
}

/** A 24-bit bottom-up BMP of an RGB picture (libvips writes no BMP). */
async function createBmp(image: Sharp): Promise<Buffer> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rowBytes = Math.ceil((info.width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + rowBytes * info.height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(info.width, 18);
  header.writeInt32LE(info.height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  const rows = Buffer.alloc(rowBytes * info.height);
  for (let row = 0; row < info.height; row += 1) {
    const from = (info.height - 1 - row) * info.width * 3;
    for (let column = 0; column < info.width; column += 1) {
      const at = from + column * 3;
      rows.set([data[at + 2] ?? 0, data[at + 1] ?? 0, data[at] ?? 0], row * rowBytes + column * 3);
    }
  }
  return Buffer.concat([header, rows]);
}
