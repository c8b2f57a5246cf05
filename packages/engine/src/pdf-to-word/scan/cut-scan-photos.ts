import type * as Mupdf from 'mupdf';
import sharp from 'sharp';
import { packedPixels } from '../../mupdf/packed-pixels.ts';
import { turnAboutCentre } from '../../ocr/deskew.ts';
import type { Box, PageImage } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The pictures of a scanned page (photos, logos, drawings: `photos`, in points on the page put upright) cut out
 * of the page drawn in colour, levelled by `skew` and turned by `turn` exactly as the image the text was read
 * from, so that each picture lands where its region was found.
 */
export async function cutScanPhotos(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  photos: readonly Box[],
  { skew, turn }: { skew: number; turn: 0 | 90 | 180 | 270 },
): Promise<PageImage[]> {
  if (photos.length === 0) return [];
  const scale = SETTINGS.scan.photoDpi / 72;
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, false);
  let drawn: { data: Buffer; width: number; height: number };
  try {
    drawn = packedPixels(pixmap);
  } finally {
    pixmap.destroy();
  }
  if (skew !== 0)
    drawn = { ...drawn, data: await turnAboutCentre(drawn.data, { ...size(drawn), channels: 3 }, skew) };
  if (turn !== 0) {
    const { data, info } = await sharp(drawn.data, { raw: { ...size(drawn), channels: 3 } })
      .rotate(turn)
      .raw()
      .toBuffer({ resolveWithObject: true });
    drawn = { data, width: info.width, height: info.height };
  }
  const images: PageImage[] = [];
  for (const photo of photos) {
    const left = clamp(Math.floor(photo.x0 * scale), 0, drawn.width - 1);
    const top = clamp(Math.floor(photo.y0 * scale), 0, drawn.height - 1);
    const width = clamp(Math.ceil(photo.x1 * scale) - left, 1, drawn.width - left);
    const height = clamp(Math.ceil(photo.y1 * scale) - top, 1, drawn.height - top);
    const data = await sharp(drawn.data, { raw: { ...size(drawn), channels: 3 } })
      .extract({ left, top, width, height })
      .jpeg({ quality: SETTINGS.scan.photoJpegQuality, mozjpeg: true })
      .toBuffer();
    images.push({ box: photo, data: new Uint8Array(data), type: 'jpg' });
  }
  return images;
}

const size = (image: { width: number; height: number }) => ({ width: image.width, height: image.height });
const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));
