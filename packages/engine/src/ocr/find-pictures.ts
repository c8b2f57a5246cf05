import type { GreyImage } from './deskew.ts';
import type { PixelBox } from './read-hocr.ts';

/** Lighter than this is paper. */
const PAPER_ABOVE = 235;
/** Cells of about a millimetre: pictures are found on this grid, not pixel by pixel. */
const CELLS_PER_INCH = 25;
/** A cell is marked when this share of its pixels is not paper (scanner specks stay below it). */
const MIN_MARKED_SHARE = 0.2;
/** A picture is at least this large (inches, each side): smaller marks are stamps, bullets or dirt. */
const MIN_PICTURE_INCHES = 0.4;
/** …and its box is at least this full of marked cells (a picture, not scattered marks). */
const MIN_PICTURE_FILL = 0.35;

/**
 * The regions of a scanned page that hold pictures (photos, drawings, logos, charts), found in its levelled grey
 * image: the page is cut into cells of about a millimetre, a cell is marked when enough of it is not paper, the
 * cells under recognised words are cleared, and the marked cells that touch are grouped; a group
 * large and full enough is a picture. Gives their boxes in the image's pixels.
 */
export function findPictures(image: GreyImage, dpi: number, cleared: readonly PixelBox[]): PixelBox[] {
  const cell = Math.max(2, Math.round(dpi / CELLS_PER_INCH));
  const columns = Math.ceil(image.width / cell);
  const rows = Math.ceil(image.height / cell);
  const marked = new Uint8Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  const { width, pixels } = image;
  for (let y = 0; y < image.height; y += 1) {
    const rowBase = Math.floor(y / cell) * columns;
    for (let x = 0; x < width; x += 1) {
      if ((pixels[y * width + x] ?? 255) <= PAPER_ABOVE) {
        const index = rowBase + Math.floor(x / cell);
        counts[index] = (counts[index] ?? 0) + 1;
      }
    }
  }
  const minCount = MIN_MARKED_SHARE * cell * cell;
  for (let index = 0; index < counts.length; index += 1)
    marked[index] = (counts[index] ?? 0) >= minCount ? 1 : 0;
  for (const box of cleared) {
    // One cell around each word: its letters' edges and the gaps between its lines are text, too.
    const column0 = Math.max(0, Math.floor(box.x0 / cell) - 1);
    const column1 = Math.min(columns - 1, Math.floor(box.x1 / cell) + 1);
    const row0 = Math.max(0, Math.floor(box.y0 / cell) - 1);
    const row1 = Math.min(rows - 1, Math.floor(box.y1 / cell) + 1);
    for (let row = row0; row <= row1; row += 1)
      marked.fill(0, row * columns + column0, row * columns + column1 + 1);
  }
  const minCells = (MIN_PICTURE_INCHES * dpi) / cell;
  const pictures: PixelBox[] = [];
  const seen = new Uint8Array(marked.length);
  const stack: number[] = [];
  for (let start = 0; start < marked.length; start += 1) {
    if (!marked[start] || seen[start]) continue;
    let [column0, row0, column1, row1, count] = [columns, rows, 0, 0, 0];
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const column = index % columns;
      const row = (index - column) / columns;
      count += 1;
      column0 = Math.min(column0, column);
      column1 = Math.max(column1, column);
      row0 = Math.min(row0, row);
      row1 = Math.max(row1, row);
      // Neighbours up to two cells away: a picture's light patches do not cut it in pieces.
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          const next = (row + dy) * columns + column + dx;
          if (column + dx < 0 || column + dx >= columns || row + dy < 0 || row + dy >= rows) continue;
          if (marked[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
    }
    const across = column1 - column0 + 1;
    const down = row1 - row0 + 1;
    if (across >= minCells && down >= minCells && count >= MIN_PICTURE_FILL * across * down) {
      pictures.push({
        x0: column0 * cell,
        y0: row0 * cell,
        x1: Math.min(image.width, (column1 + 1) * cell),
        y1: Math.min(image.height, (row1 + 1) * cell),
      });
    }
  }
  return pictures;
}
