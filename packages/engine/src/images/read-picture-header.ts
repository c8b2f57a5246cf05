import { AppError, MAX_IMAGE_PAGES, MAX_IMAGE_PIXELS } from '@quire/shared';
import sharp, { type Metadata } from 'sharp';
import { readBmpHeader } from './read-bmp-header.ts';
import { createImageDamagedError, createImageTooLargeError, type ImageSource } from './image-errors.ts';

/**
 * How a picture is turned into image XObjects: `jpeg` and `png` as they are (`embedJpeg`, `embedPng`); `bmp` by
 * MuPDF; `libvips` (WebP, TIFF, GIF, AVIF) decoded page by page by sharp; `heic` by Debian's libheif through
 * `heif-convert`, since sharp's own libheif has no HEVC decoder.
 */
export type PictureDecoder = 'jpeg' | 'png' | 'bmp' | 'libvips' | 'heic';

export type PictureHeader = {
  decoder: PictureDecoder;
  /** The format's name as visitors know it, for messages: `WebP`, `TIFF`, `HEIC`. */
  formatName: string;
  /** Stored size in pixels of the first page, before the EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation, 1 (as stored) to 8; 1 for HEIC, whose decoder turns the picture itself. */
  orientation: number;
  /** The pages it gives: every page of a TIFF, the first frame of a GIF, the primary picture of a HEIC. */
  pages: number;
  /** Pixels per inch the file states, if it does. */
  dpi: { x: number; y: number } | undefined;
  /** Which of a HEIF file's pictures is its primary one. */
  primaryPage: number;
};

const FORMAT_NAMES: Record<string, string> = {
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  tiff: 'TIFF',
  gif: 'GIF',
  heif: 'HEIC',
};

/**
 * Reads a picture's format, pages, size and orientation from its headers only (nothing is decoded), and refuses
 * a picture any of whose pages is over `MAX_IMAGE_PIXELS` before anything allocates its raster.
 */
export async function readPictureHeader(path: string, source: ImageSource): Promise<PictureHeader> {
  const bmp = await readBmpHeader(path);
  if (bmp) {
    if (bmp.width === 0 || bmp.height === 0) throw createImageDamagedError(source);
    if (bmp.width * bmp.height > MAX_IMAGE_PIXELS)
      throw createImageTooLargeError(source, bmp.width, bmp.height);
    return { decoder: 'bmp', formatName: 'BMP', ...bmp, orientation: 1, pages: 1, primaryPage: 0 };
  }
  const metadata = await readMetadata(path, source);
  const { format, width, height } = metadata;
  if (!(format in FORMAT_NAMES) || !(width > 0) || !(height > 0)) throw createImageDamagedError(source);
  const decoder = decoderOf(metadata);
  const pages = format === 'tiff' ? (metadata.pages ?? 1) : 1;
  if (pages > MAX_IMAGE_PAGES) {
    throw new AppError(
      'DOCUMENT_TOO_COMPLEX',
      `"${source.name}" has ${pages} pages, more than ${MAX_IMAGE_PAGES}.`,
      {
        fileIndex: source.index,
        fileName: source.name,
        pageCount: pages,
        maxPages: MAX_IMAGE_PAGES,
      },
    );
  }
  for (let page = 0; page < pages; page += 1) {
    const size = page === 0 ? { width, height } : await readMetadata(path, source, page);
    if (size.width * size.height > MAX_IMAGE_PIXELS) {
      throw createImageTooLargeError(source, size.width, size.height);
    }
  }
  const orientation = decoder === 'heic' ? 1 : (metadata.orientation ?? 1);
  return {
    decoder,
    formatName: metadata.compression === 'av1' ? 'AVIF' : (FORMAT_NAMES[format] as string),
    width,
    height,
    orientation: orientation >= 1 && orientation <= 8 ? orientation : 1,
    pages,
    dpi: metadata.density ? { x: metadata.density, y: metadata.density } : undefined,
    primaryPage: metadata.pagePrimary ?? 0,
  };
}

function decoderOf(metadata: Metadata): PictureDecoder {
  if (metadata.format === 'jpeg' || metadata.format === 'png') return metadata.format;
  return metadata.format === 'heif' && metadata.compression === 'hevc' ? 'heic' : 'libvips';
}

async function readMetadata(path: string, source: ImageSource, page = 0): Promise<Metadata> {
  try {
    return await sharp(path, { limitInputPixels: false, page }).metadata();
  } catch (error) {
    throw createImageDamagedError(source, error);
  }
}
