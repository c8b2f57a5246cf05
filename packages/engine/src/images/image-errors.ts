import { AppError, MAX_IMAGE_PIXELS } from '@quire/shared';

/** Which upload an image came from, so that every error names the file the visitor should replace. */
export type ImageSource = { name: string; index: number };

export function createImageDamagedError(source: ImageSource, cause?: unknown): AppError {
  return new AppError(
    'FILE_DAMAGED',
    `"${source.name}" is damaged or not a complete image.`,
    { fileIndex: source.index, fileName: source.name },
    { cause },
  );
}

export function createImageTooLargeError(source: ImageSource, width: number, height: number): AppError {
  return new AppError(
    'DOCUMENT_TOO_COMPLEX',
    `"${source.name}" is ${width} × ${height} pixels, more than ${MAX_IMAGE_PIXELS} pixels.`,
    { fileIndex: source.index, fileName: source.name, width, height, maxPixels: MAX_IMAGE_PIXELS },
  );
}

/** A picture of a format this server cannot decode (HEIC where Debian's libheif and libde265 are missing). */
export function createImageFormatUnsupportedError(
  source: ImageSource,
  format: string,
  cause?: unknown,
): AppError {
  return new AppError(
    'IMAGE_FORMAT_UNSUPPORTED',
    `"${source.name}" is a ${format} image, which this server cannot decode.`,
    { fileIndex: source.index, fileName: source.name, format },
    { cause },
  );
}
