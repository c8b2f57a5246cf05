// A scan in which OCR can read no text, for the tests of what OCR PDF says of it: a handwritten letter as a fax
// gives it, a PNG that `bindScans` makes an image-only page of.
import sharp from 'sharp';

/** A letter page at 200 DPI, as a fax machine scans it. */
const WIDTH_PX = 1700;
const HEIGHT_PX = 2200;
const DPI = 200;

/** Our own pseudo-random sequence, so that every run draws the same page. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * A handwritten letter as a fax gives it: 18 lines of joined-up scrawl (curves that rise and fall along each line,
 * broken into words) in black on white, one bit a pixel. Tesseract finds no word in it.
 */
export async function handwrittenFaxPage(path: string, seed = 11): Promise<string> {
  const random = randomFrom(seed);
  const strokes: string[] = [];
  for (let line = 0; line < 18; line += 1) {
    const y = 200 + line * 100;
    let x = 150 + random() * 100;
    let path = `M ${x} ${y}`;
    while (x < WIDTH_PX - 200) {
      const next = x + 20 + random() * 40;
      path += ` C ${x + 10} ${y - 40 * random()}, ${next - 10} ${y + 40 * random()}, ${next} ${y + (random() - 0.5) * 20}`;
      x = next;
      // A gap between two words.
      if (random() < 0.12) {
        x += 30;
        path += ` M ${x} ${y}`;
      }
    }
    strokes.push(`<path d="${path}" fill="none" stroke="black" stroke-width="${3 + random() * 2}"/>`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH_PX}" height="${HEIGHT_PX}">` +
    `<rect width="100%" height="100%" fill="white"/>${strokes.join('')}</svg>`;
  await sharp(Buffer.from(svg))
    .greyscale()
    .threshold(128)
    .png({ colours: 2 })
    .withMetadata({ density: DPI })
    .toFile(path);
  return path;
}
