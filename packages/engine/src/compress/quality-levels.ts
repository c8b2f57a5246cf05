import type { ToolOptions } from '@quire/shared';

export type CompressQuality = ToolOptions<'compress'>['quality'];

/** How hard one quality level works on images. */
export type ImagePolicy = {
  /** Resolution an oversampled image is brought down to, at its largest placement on any page. */
  targetDpi: number;
  /** Only images above this resolution are resampled: a small reduction costs sharpness and saves little. */
  downsampleAboveDpi: number;
  /** mozjpeg quality (0–100) of re-encoded images. */
  jpegQuality: number;
  /**
   * A JPEG or JPEG 2000 image that is not resampled is re-encoded only when that brings it to this share of its
   * size or less: each re-encoding loses a generation, which the higher levels spend only on a large saving.
   */
  maxLossyReencodeRatio: number;
};

/** Images are resampled only when they exceed their target by this factor (as Ghostscript's default threshold). */
const DOWNSAMPLE_THRESHOLD_FACTOR = 1.5;

const HIGH_TARGET_DPI = 225;
const HIGH_JPEG_QUALITY = 85;
const MEDIUM_TARGET_DPI = 150;
const MEDIUM_JPEG_QUALITY = 62;
const LOW_TARGET_DPI = 96;
const LOW_JPEG_QUALITY = 55;

function policyFor(targetDpi: number, jpegQuality: number, maxLossyReencodeRatio: number): ImagePolicy {
  return {
    targetDpi,
    downsampleAboveDpi: targetDpi * DOWNSAMPLE_THRESHOLD_FACTOR,
    jpegQuality,
    maxLossyReencodeRatio,
  };
}

/** Values chosen with `npm run bench compress` against Ghostscript's /printer, /ebook and /screen settings. */
export const IMAGE_POLICIES: Record<CompressQuality, ImagePolicy> = {
  high: policyFor(HIGH_TARGET_DPI, HIGH_JPEG_QUALITY, 0.75),
  medium: policyFor(MEDIUM_TARGET_DPI, MEDIUM_JPEG_QUALITY, 0.9),
  low: policyFor(LOW_TARGET_DPI, LOW_JPEG_QUALITY, 0.97),
};

/** Below this placement resolution no level resamples an image. */
export const LOWEST_DOWNSAMPLE_ABOVE_DPI = Math.min(
  ...Object.values(IMAGE_POLICIES).map((policy) => policy.downsampleAboveDpi),
);
