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
};

const ELEMENT =
  /<(span|p|div)\s+class='(ocr_line|ocr_caption|ocr_header|ocr_textfloat|ocrx_word)'[^>]*?title=(["'])([^"']*)\3[^>]*>/g;
const WORD = /<span\s+class='ocrx_word'[^>]*?title=(["'])([^"']*)\1[^>]*>(.*?)<\/span>/g;

/** Reads Tesseract's hOCR output: word count, confidence, the text's orientation and the plain text. */
export function readHocr(hocr: string): HocrReading {
  let weighted = 0;
  let letters = 0;
  let words = 0;
  const anglesByLetters = new Map<number, number>();
  const lines: string[] = [];
  let currentAngle = 0;
  let currentLine: string[] | null = null;
  for (const match of hocr.matchAll(ELEMENT)) {
    const kind = match[2];
    const title = match[4] ?? '';
    if (kind !== 'ocrx_word') {
      currentAngle = Number(/textangle (\d+)/.exec(title)?.[1] ?? 0);
      currentLine = [];
      lines.push('');
      continue;
    }
    // The word's own element, with its text, starts here.
    WORD.lastIndex = match.index;
    const word = WORD.exec(hocr);
    if (!word || word.index !== match.index) continue;
    const text = decodeEntities((word[3] ?? '').replace(/<[^>]*>/g, '')).trim();
    if (text === '') continue;
    const length = [...text].length;
    const confidence = Number(/x_wconf (\d+)/.exec(title)?.[1] ?? 0);
    words += 1;
    letters += length;
    weighted += confidence * length;
    anglesByLetters.set(currentAngle, (anglesByLetters.get(currentAngle) ?? 0) + length);
    if (currentLine) {
      currentLine.push(text);
      lines[lines.length - 1] = currentLine.join(' ');
    }
  }
  let uprightAngle = 0;
  let most = 0;
  for (const [angle, count] of anglesByLetters) {
    if (count > most) [uprightAngle, most] = [angle, count];
  }
  return {
    words,
    confidence: letters === 0 ? null : weighted / letters,
    uprightTurn: toTurn(uprightAngle),
    text: lines.filter((line) => line !== '').join('\n'),
  };
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
