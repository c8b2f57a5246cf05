import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/** Skews up to this many degrees either way are measured (scanners and phone photos stay well within it). */
const MAX_SKEW_DEGREES = 6;
/**
 * Below this the page is read as it is: Tesseract reads lines tilted by a fraction of a degree without trouble, and
 * turning a bilevel scan by that little costs more than it gives (on the corpus's real scans, tilted 0.6–0.7°,
 * levelling lost 2 points of word accuracy on two pages of three).
 */
const MIN_CORRECTED_DEGREES = 1;
/** The skew is measured on the page shrunk to about this width: lines stay lines, and it takes milliseconds. */
const SURVEY_WIDTH_PX = 800;
/** Darker than this (of 255) is ink. */
const INK_LEVEL = 128;

export type GreyImage = { width: number; height: number; pixels: Uint8Array };

/** Reads a binary greyscale PNM (P5, 8 bits), as `writePgm` writes it. */
export async function readPgm(path: string): Promise<GreyImage> {
  const file = await readFile(path);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not an 8-bit PGM image');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const start = (header[0] as string).length;
  return { width, height, pixels: file.subarray(start, start + width * height) };
}

export async function writePgm(path: string, image: GreyImage): Promise<void> {
  await writeFile(
    path,
    Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`), image.pixels]),
  );
}

/**
 * The angle, in degrees clockwise, that makes the page's lines of text level: the angle at which the rows and
 * columns of ink line up best (the sharpest profiles of ink per row and per column, as sums of squares), searched
 * in steps of 0.2° and then 0.05°. 0 when the page holds too little ink to tell.
 */
export function measureSkew(image: GreyImage): number {
  const step = Math.max(1, Math.floor(image.width / SURVEY_WIDTH_PX));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      if ((image.pixels[y * image.width + x] as number) < INK_LEVEL) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 500) return 0;
  const size = Math.ceil(Math.hypot(image.width, image.height) / step) + 2;
  const rows = new Float64Array(size * 2);
  const columns = new Float64Array(size * 2);
  // Rows of ink line up on a page read upright, columns on one scanned sideways: both at the same angle.
  const sharpness = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    rows.fill(0);
    columns.fill(0);
    for (let index = 0; index < xs.length; index += 1) {
      const x = xs[index] as number;
      const y = ys[index] as number;
      const row = Math.round(x * sin + y * cos) + size;
      const column = Math.round(x * cos - y * sin) + size;
      rows[row] = (rows[row] as number) + 1;
      columns[column] = (columns[column] as number) + 1;
    }
    let sum = 0;
    for (const count of rows) sum += count * count;
    for (const count of columns) sum += count * count;
    return sum;
  };
  const best = (from: number, to: number, by: number, start: number) => {
    let angle = start;
    let score = sharpness(start);
    for (let degrees = from; degrees <= to + 1e-9; degrees += by) {
      const value = sharpness(degrees);
      if (value > score) [angle, score] = [degrees, value];
    }
    return angle;
  };
  const coarse = best(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, 0.2, 0);
  return Math.round(best(coarse - 0.2, coarse + 0.2, 0.05, coarse) * 100) / 100;
}

/** A page image levelled for reading, both ways a skewed one can be (`deskewPgm`). */
export type LevelledPage = {
  /** Degrees (clockwise) the page was turned by; 0 when it was level enough, and left as it was. */
  angle: number;
  /** The page turned by interpolation (`turnAboutCentre`), or as it was when level: the image now in the file. */
  image: GreyImage;
  /** The same page turned by three shears (`shearAboutCentre`); null when it was level. */
  sheared: GreyImage | null;
};

/**
 * Levels a skewed page image in place for reading (the page in the PDF keeps its own image): turned about its
 * centre by the measured angle, on white, and cut back to its own size, so that the centre stays where it was.
 * A skewed page is also turned by shears (`sheared`), which Tesseract reads better on some pages and worse on
 * others (`readScans` reads both and keeps the surer).
 */
export async function deskewPgm(path: string): Promise<LevelledPage> {
  const image = await readPgm(path);
  const angle = measureSkew(image);
  if (Math.abs(angle) < MIN_CORRECTED_DEGREES) return { angle: 0, image, sheared: null };
  const levelled = {
    width: image.width,
    height: image.height,
    pixels: await turnAboutCentre(
      image.pixels,
      { width: image.width, height: image.height, channels: 1 },
      angle,
    ),
  };
  const sheared = shearAboutCentre(image, angle);
  await writePgm(path, levelled);
  return { angle, image: levelled, sheared };
}

/**
 * A grey image turned about its centre by `angle` degrees clockwise, on white, at its own size, by three shears
 * (rows, then columns, then rows, each slid by whole pixels), as Leptonica levels a page for Tesseract: every pixel
 * keeps its value, where a turn by interpolation greys the edges of every stroke again. Which reads better depends
 * on the page: of the OCR bench's worn scans (turned 1.3°, blurred, speckled, JPEG quality 65), the Arabic page of
 * our text read 3 words of 45 wrong levelled by shears, 8 by interpolation; two Chinese pages of three read 2–3
 * points of their characters better by interpolation, whose smoothing suits dense Han strokes.
 */
export function shearAboutCentre(image: GreyImage, angle: number): GreyImage {
  const radians = (angle * Math.PI) / 180;
  const alongRows = -Math.tan(radians / 2);
  const rowsSheared = shearRows(image, alongRows);
  const columnsSheared = shearColumns(rowsSheared, Math.sin(radians));
  return shearRows(columnsSheared, alongRows);
}

/** Each row slid right by `slope` times its distance below the centre, rounded to whole pixels. */
function shearRows(image: GreyImage, slope: number): GreyImage {
  const { width, height, pixels } = image;
  const sheared = new Uint8Array(width * height).fill(WHITE);
  const centre = (height - 1) / 2;
  for (let y = 0; y < height; y += 1) {
    const shift = Math.round(slope * (y - centre));
    const from = Math.max(0, -shift);
    const to = Math.min(width, width - shift);
    if (to > from) sheared.set(pixels.subarray(y * width + from, y * width + to), y * width + from + shift);
  }
  return { width, height, pixels: sheared };
}

/** Each column slid down by `slope` times its distance right of the centre, rounded to whole pixels. */
function shearColumns(image: GreyImage, slope: number): GreyImage {
  const { width, height, pixels } = image;
  const sheared = new Uint8Array(width * height).fill(WHITE);
  const centre = (width - 1) / 2;
  const shifts = Int32Array.from({ length: width }, (_, x) => Math.round(slope * (x - centre)));
  // Row by row, so that both images are walked in the order they are stored.
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const source = y - (shifts[x] as number);
      if (source >= 0 && source < height) sheared[y * width + x] = pixels[source * width + x] as number;
    }
  }
  return { width, height, pixels: sheared };
}

const WHITE = 255;

/**
 * Raw pixels (grey or RGB) turned about their centre by `angle` degrees clockwise, on white, and cut back to their
 * own size: what was at the centre stays there.
 */
export async function turnAboutCentre(
  pixels: Uint8Array,
  raw: { width: number; height: number; channels: 1 | 3 },
  angle: number,
): Promise<Buffer> {
  const { data, info } = await sharp(pixels, { raw })
    .rotate(angle, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((info.width - raw.width) / 2);
  const top = Math.round((info.height - raw.height) / 2);
  const cut = sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  }).extract({
    left,
    top,
    width: raw.width,
    height: raw.height,
  });
  return (raw.channels === 1 ? cut.extractChannel(0) : cut.removeAlpha()).raw().toBuffer();
}
