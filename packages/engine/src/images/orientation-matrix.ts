/** Where the oriented image goes on the page, in PDF points (origin bottom left). */
export type Placement = { x: number; y: number; width: number; height: number };

/** A PDF `cm` matrix [a b c d e f]: image space (the unit square, first stored row at the top) to page space. */
export type PdfMatrix = [number, number, number, number, number, number];

/** EXIF orientations 5–8 turn the image a quarter: its displayed width is its stored height. */
export function isQuarterTurn(orientation: number): boolean {
  return orientation >= 5 && orientation <= 8;
}

/**
 * The matrix that draws the stored image into `placement` as it should be displayed under an EXIF orientation,
 * so the JPEG bytes stay untouched and the viewer does the turn or flip. Derived for image-space (u, v), where
 * the stored image's top-left corner is (0, 1): each case maps it to the corner the orientation moves it to.
 */
export function computeOrientationMatrix(
  orientation: number,
  { x, y, width: w, height: h }: Placement,
): PdfMatrix {
  switch (orientation) {
    case 2: // mirrored left to right
      return [-w, 0, 0, h, x + w, y];
    case 3: // turned 180°
      return [-w, 0, 0, -h, x + w, y + h];
    case 4: // mirrored top to bottom
      return [w, 0, 0, -h, x, y + h];
    case 5: // mirrored along the top-left to bottom-right diagonal
      return [0, -h, -w, 0, x + w, y + h];
    case 6: // needs a quarter turn clockwise
      return [0, -h, w, 0, x, y + h];
    case 7: // mirrored along the top-right to bottom-left diagonal
      return [0, h, w, 0, x, y];
    case 8: // needs a quarter turn anticlockwise
      return [0, h, -w, 0, x + w, y];
    default: // 1: as stored
      return [w, 0, 0, h, x, y];
  }
}
