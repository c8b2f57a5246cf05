import { MAX_IMAGE_PIXELS } from '@quire/shared';
import sharp, { type Metadata } from 'sharp';
import { createImageDamagedError, createImageTooLargeError, type ImageSource } from './image-errors.ts';

export type ImageHeader = {
  format: 'jpeg' | 'png';
  /** Stored size in pixels, before the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation, 1 (as stored) to 8. */
  orientation: number;
};

/**
 * Reads an image's format, size and EXIF orientation from its header only (libvips decodes nothing here), and
 * refuses an image over `MAX_IMAGE_PIXELS` before anything allocates its raster: a 600 KB PNG can claim 65535².
 */
export async function readImageHeader(path: string, source: ImageSource): Promise<ImageHeader> {
  let metadata: Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw createImageDamagedError(source, error);
  }
  const { format, width, height } = metadata;
  if ((format !== 'jpeg' && format !== 'png') || !(width > 0) || !(height > 0)) {
    throw createImageDamagedError(source);
  }
  if (width * height > MAX_IMAGE_PIXELS) throw createImageTooLargeError(source, width, height);
  const orientation = metadata.orientation ?? 1;
  return { format, width, height, orientation: orientation >= 1 && orientation <= 8 ? orientation : 1 };
}
