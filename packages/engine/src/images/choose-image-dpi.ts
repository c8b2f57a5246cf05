/** Used when an image states no resolution, or an implausible one: the common screen default, as img2pdf does. */
export const DEFAULT_IMAGE_DPI = 96;
/**
 * Below this a stated resolution is a JFIF aspect ratio (1:1 reads as 1 dpi), pixels per metre taken for pixels
 * per inch, or a wrong field, rather than a size.
 */
export const MIN_PLAUSIBLE_DPI = 10;
/**
 * Above this no device wrote it: film and flatbed scanners reach 6,400–7,200 dpi optically. Larger values (EXIF
 * holds up to 4,294,967,295 and a hostile file sends 1e9) would make pages a millionth of a point wide.
 */
export const MAX_PLAUSIBLE_DPI = 10_000;
/** Pixels are rarely square-ish by more than 2:1 (fax's 204 × 98 dpi); past 4:1 the two values do not belong together. */
export const MAX_DPI_ASPECT_RATIO = 4;

/**
 * The resolution that decides an image's size on paper: its own, when both axes are plausible and agree within
 * `MAX_DPI_ASPECT_RATIO`; else `DEFAULT_IMAGE_DPI` on both axes, so one bad value never stretches the picture.
 */
export function chooseImageDpi(stated: { x: number; y: number } | undefined): { x: number; y: number } {
  const isPlausible = (dpi: number) =>
    Number.isFinite(dpi) && dpi >= MIN_PLAUSIBLE_DPI && dpi <= MAX_PLAUSIBLE_DPI;
  if (
    stated &&
    isPlausible(stated.x) &&
    isPlausible(stated.y) &&
    Math.max(stated.x, stated.y) / Math.min(stated.x, stated.y) <= MAX_DPI_ASPECT_RATIO
  ) {
    return stated;
  }
  return { x: DEFAULT_IMAGE_DPI, y: DEFAULT_IMAGE_DPI };
}
