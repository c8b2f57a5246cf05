import type * as Mupdf from 'mupdf';
import { MAX_DECODED_IMAGE_PIXELS } from '../../compress/image-objects.ts';
import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';
import type { RawImage } from './raw-page.ts';

/**
 * An image drawn on the page, as pixels: grey or RGB (any other colour space turned into RGB), with its soft mask
 * (`/SMask`) as an alpha channel, since the parts it hides would otherwise come out black. Null for stencil masks,
 * images too small to see or claiming more pixels than any page needs, and images MuPDF cannot decode.
 */
export function readImage(
  mupdf: typeof Mupdf,
  image: Mupdf.Image,
  box: Box,
): Omit<RawImage, 'orientation'> | null {
  if (
    image.getImageMask() ||
    box.x1 - box.x0 < SETTINGS.read.minImageSide ||
    box.y1 - box.y0 < SETTINGS.read.minImageSide
  )
    return null;
  // An image claiming more pixels than any page needs (a 1 KB stream can claim 32768² pixels, hardening items 24
  // and 28) is left out before it is decoded: MuPDF would allocate it whole in its heap, which never shrinks.
  if (image.getWidth() * image.getHeight() > MAX_DECODED_IMAGE_PIXELS) return null;
  let pixmap: Mupdf.Pixmap | null = null;
  try {
    pixmap = image.toPixmap();
    // Grey and RGB pixels are written as they are; any other colour space (CMYK, a spot colour's tints, Lab) is
    // turned into RGB, so that a tint of 100% is the spot colour, not the black of a grey 0.
    const colorSpace = pixmap.getColorSpace();
    if (!colorSpace?.isGray() && !colorSpace?.isRGB()) {
      const rgb = pixmap.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, pixmap.getAlpha() > 0);
      pixmap.destroy();
      pixmap = rgb;
    }
    const channels = pixmap.getNumberOfComponents() as RawImage['channels'];
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const pixels = packedPixels(pixmap, channels);
    if (channels === 2 || channels === 4) return { box, pixels, width, height, channels };
    const alpha = maskAlpha(image.getMask(), width, height);
    if (!alpha) return { box, pixels, width, height, channels };
    const withMask = withAlpha(pixels, channels, alpha);
    return { box, pixels: withMask, width, height, channels: channels === 1 ? 2 : 4 };
  } catch {
    // An image MuPDF cannot decode is left out, as a viewer would show nothing for it.
    return null;
  } finally {
    pixmap?.destroy();
  }
}

/** The pixmap's samples, rows packed tightly (they may be padded), copied out of the WebAssembly heap. */
function packedPixels(pixmap: Mupdf.Pixmap, channels: number): Uint8Array {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const source = pixmap.getPixels();
  const pixels = new Uint8Array(width * height * channels);
  for (let row = 0; row < height; row += 1) {
    pixels.set(source.subarray(row * stride, row * stride + width * channels), row * width * channels);
  }
  return pixels;
}

/**
 * A soft mask's values (0 hides, 255 shows) at the image's size, the nearest mask pixel for each image pixel (a
 * soft mask need not have its image's size: it covers the same area). Null without a mask, or with one that cannot
 * be read (the image is then shown whole, as before).
 */
function maskAlpha(mask: Mupdf.Image | null, width: number, height: number): Uint8Array | null {
  if (!mask || mask.getWidth() * mask.getHeight() > MAX_DECODED_IMAGE_PIXELS) return null;
  let pixmap: Mupdf.Pixmap | null = null;
  try {
    pixmap = mask.toPixmap();
    const maskWidth = pixmap.getWidth();
    const maskHeight = pixmap.getHeight();
    const stride = pixmap.getStride();
    const step = pixmap.getNumberOfComponents();
    const source = pixmap.getPixels();
    const alpha = new Uint8Array(width * height);
    for (let row = 0; row < height; row += 1) {
      const maskRow = Math.min(maskHeight - 1, Math.floor((row * maskHeight) / height));
      for (let column = 0; column < width; column += 1) {
        const maskColumn = Math.min(maskWidth - 1, Math.floor((column * maskWidth) / width));
        alpha[row * width + column] = source[maskRow * stride + maskColumn * step] ?? 255;
      }
    }
    return alpha;
  } catch {
    return null;
  } finally {
    pixmap?.destroy();
  }
}

function withAlpha(pixels: Uint8Array, channels: 1 | 3, alpha: Uint8Array): Uint8Array {
  const count = alpha.length;
  const joined = new Uint8Array(count * (channels + 1));
  for (let at = 0; at < count; at += 1) {
    for (let channel = 0; channel < channels; channel += 1) {
      joined[at * (channels + 1) + channel] = pixels[at * channels + channel] as number;
    }
    joined[at * (channels + 1) + channels] = alpha[at] as number;
  }
  return joined;
}
