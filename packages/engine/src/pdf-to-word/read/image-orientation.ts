/**
 * How an image's pixels must be turned to stand as the page shows them, in sharp's terms: `flip` (rows upside down)
 * and `flop` (columns mirrored) first, then a clockwise turn. An image drawn sideways (a scan on a page with
 * `/Rotate 90`, a photo placed turned) has its pixels in the order they were stored, not as they are seen.
 */
export type ImageOrientation = { turn: 0 | 90 | 270; flip: boolean; flop: boolean };

export const UPRIGHT: ImageOrientation = { turn: 0, flip: false, flop: false };

/**
 * The orientation of an image from the matrix that draws it on the page (MuPDF's, in page space with y down): the
 * image's columns run along (a, b) and its rows along (c, d). Turns other than quarter turns are taken to the
 * nearest one.
 */
export function imageOrientation([a = 1, b = 0, c = 0, d = 1]: readonly number[]): ImageOrientation {
  if (Math.abs(a) >= Math.abs(b)) return { turn: 0, flip: d < 0, flop: a < 0 };
  // Columns run down the page: a quarter turn clockwise; up the page: three quarters. Rows then run to the left
  // (c < 0) as a turn makes them, or to the right when the image is also mirrored.
  return b > 0 ? { turn: 90, flip: c > 0, flop: false } : { turn: 270, flip: c < 0, flop: false };
}

export const isUpright = ({ turn, flip, flop }: ImageOrientation): boolean => turn === 0 && !flip && !flop;
