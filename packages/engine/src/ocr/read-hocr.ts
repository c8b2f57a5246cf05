/** A rectangle in the pixels of the image Tesseract read, from its top left. */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number };

export type HocrWord = { text: string; box: PixelBox; confidence: number };

export type HocrLine = {
  box: PixelBox;
  /** Where the baseline crosses the line's left edge (pixels from the top); null when Tesseract gave none. */
  baseline: number | null;
  /** Height of the line's letters from ascenders to descenders, in pixels: about the font size. */
  size: number;
  /** The text's counter-clockwise angle on the image (0, 90, 180 or 270). */
  angle: number;
  isRightToLeft: boolean;
  /** In reading order. */
  words: HocrWord[];
};

/** What one Tesseract run found on a page, read from its hOCR. */
export type HocrReading = {
  /** Words recognised (with any text at all). */
  words: number;
  /** Mean word confidence, 0–100, weighted by word length; null when no word was found. */
  confidence: number | null;
  /**
   * Clockwise turn that puts the page's text upright (0, 90, 180 or 270): the angle most of the text's characters
   * are written at, as Tesseract's orientation detection (`--psm 1`) saw it.
   */
  uprightTurn: 0 | 90 | 180 | 270;
  /** The recognised text, a line per line, in Tesseract's reading order. */
  text: string;
  /** The lines with words, in reading order. */
  lines: HocrLine[];
};

const ELEMENT =
  /<(span|p|div)\s+class='(ocr_par|ocr_line|ocr_caption|ocr_header|ocr_textfloat|ocrx_word)'([^>]*)>/g;
const WORD = /<span\s+class='ocrx_word'[^>]*>(.*?)<\/span>/y;
const TITLE = /title=(["'])([^"']*)\1/;

/** Reads Tesseract's hOCR output: the lines and their words with boxes, the confidence and the orientation. */
export function readHocr(hocr: string): HocrReading {
  let weighted = 0;
  let letters = 0;
  let words = 0;
  const anglesByLetters = new Map<number, number>();
  const lines: HocrLine[] = [];
  let isRightToLeft = false;
  let current: HocrLine | null = null;
  for (const match of hocr.matchAll(ELEMENT)) {
    const kind = match[2];
    const attributes = match[3] ?? '';
    const title = TITLE.exec(attributes)?.[2] ?? '';
    if (kind === 'ocr_par') {
      isRightToLeft = /\bdir=(["'])rtl\1/.test(attributes);
      continue;
    }
    if (kind !== 'ocrx_word') {
      const box = readBox(title) ?? { x0: 0, y0: 0, x1: 0, y1: 0 };
      const baselineOffset = /baseline (-?[\d.]+) (-?[\d.]+)/.exec(title);
      current = {
        box,
        baseline: baselineOffset ? box.y1 + Number(baselineOffset[2]) : null,
        size: Number(/x_size ([\d.]+)/.exec(title)?.[1] ?? box.y1 - box.y0),
        angle: Number(/textangle (\d+)/.exec(title)?.[1] ?? 0),
        isRightToLeft,
        words: [],
      };
      lines.push(current);
      continue;
    }
    // The word's own element, with its text, starts here.
    WORD.lastIndex = match.index;
    const word = WORD.exec(hocr);
    if (!word) continue;
    const text = decodeEntities((word[1] ?? '').replace(/<[^>]*>/g, '')).trim();
    if (text === '') continue;
    const length = [...text].length;
    const confidence = Number(/x_wconf (\d+)/.exec(title)?.[1] ?? 0);
    words += 1;
    letters += length;
    weighted += confidence * length;
    const angle = current?.angle ?? 0;
    anglesByLetters.set(angle, (anglesByLetters.get(angle) ?? 0) + length);
    current?.words.push({ text, confidence, box: readBox(title) ?? current.box });
  }
  let uprightAngle = 0;
  let most = 0;
  for (const [angle, count] of anglesByLetters) {
    if (count > most) [uprightAngle, most] = [angle, count];
  }
  const withWords = lines.filter((line) => line.words.length > 0);
  return {
    words,
    confidence: letters === 0 ? null : weighted / letters,
    uprightTurn: toTurn(uprightAngle),
    text: withWords.map((line) => joinWords(line.words.map((word) => word.text))).join('\n'),
    lines: withWords,
  };
}

/**
 * The words of a line as one text: a space between words, except between two characters of scripts written
 * without spaces (Chinese, Japanese), which Tesseract hands over as words of their own.
 */
export function joinWords(texts: readonly string[]): string {
  let joined = '';
  for (const text of texts) {
    if (joined !== '' && !(UNSPACED.test(joined.at(-1) ?? '') && UNSPACED.test(text[0] ?? ''))) joined += ' ';
    joined += text;
  }
  return joined;
}

/** Han, kana and CJK punctuation and full-width forms: written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

function readBox(title: string): PixelBox | null {
  const match = /bbox (-?\d+) (-?\d+) (-?\d+) (-?\d+)/.exec(title);
  if (!match) return null;
  return { x0: Number(match[1]), y0: Number(match[2]), x1: Number(match[3]), y1: Number(match[4]) };
}

/** hOCR's `textangle` is the text's counter-clockwise angle; turning the page clockwise by it makes it upright. */
function toTurn(textAngle: number): 0 | 90 | 180 | 270 {
  const normalised = (((Math.round(textAngle / 90) * 90) % 360) + 360) % 360;
  return normalised as 0 | 90 | 180 | 270;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_all, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? '';
  });
}
