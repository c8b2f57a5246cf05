import sharp from 'sharp';
import type { PageImage } from '../model/layout-model.ts';
import { isUpright, UPRIGHT } from './image-orientation.ts';
import type { RawImage } from './raw-page.ts';
import { SETTINGS } from '../model/settings.ts';

const POINTS_PER_INCH = 72;

/**
 * Encodes an image read from the page for Word: downscaled when it has far more pixels than its placement shows,
 * PNG for transparency and black-and-white (scans, line art), JPEG for everything else.
 */
export async function encodeImage(turned: RawImage): Promise<PageImage> {
  const raw = await standUpright(turned);
  const placedWidth = ((raw.box.x1 - raw.box.x0) / POINTS_PER_INCH) * SETTINGS.read.maxImageDpi;
  const placedHeight = ((raw.box.y1 - raw.box.y0) / POINTS_PER_INCH) * SETTINGS.read.maxImageDpi;
  let scale = Math.min(1, placedWidth / raw.width, placedHeight / raw.height);
  scale = Math.min(scale, Math.sqrt(SETTINGS.read.maxImagePixels / (raw.width * raw.height)));
  let image = sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
  if (scale < SETTINGS.read.maxResizeScale) {
    image = image.resize(
      Math.max(1, Math.round(raw.width * scale)),
      Math.max(1, Math.round(raw.height * scale)),
      {
        kernel: 'lanczos3',
      },
    );
  }
  const hasAlpha = raw.channels === 2 || raw.channels === 4;
  if (hasAlpha || (raw.channels === 1 && isBilevel(raw.pixels))) {
    return { box: raw.box, type: 'png', data: await image.png({ compressionLevel: 6 }).toBuffer() };
  }
  return {
    box: raw.box,
    type: 'jpg',
    data: await image.jpeg({ quality: SETTINGS.read.jpegQuality }).toBuffer(),
  };
}

/** The image's pixels turned as the page shows them (a scan on a page with `/Rotate 90`). */
async function standUpright(raw: RawImage): Promise<RawImage> {
  if (isUpright(raw.orientation)) return raw;
  const { turn, flip, flop } = raw.orientation;
  const { data, info } = await sharp(raw.pixels, {
    raw: { width: raw.width, height: raw.height, channels: raw.channels },
  })
    .flip(flip)
    .flop(flop)
    .rotate(turn)
    .raw()
    .toBuffer({ resolveWithObject: true });
  // sharp may hand grey pixels back as RGB: the channels are what it says.
  const channels = info.channels as RawImage['channels'];
  return { ...raw, pixels: data, width: info.width, height: info.height, channels, orientation: UPRIGHT };
}

/** Only black and white in a sample of the pixels. */
function isBilevel(pixels: Uint8Array): boolean {
  const step = Math.max(1, Math.floor(pixels.length / SETTINGS.read.bilevelSamples));
  for (let index = 0; index < pixels.length; index += step) {
    const value = pixels[index] ?? 0;
    if (value !== 0 && value !== 255) return false;
  }
  return true;
}
