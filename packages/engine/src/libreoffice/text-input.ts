import type { LoadFilter } from './office-formats.ts';

/**
 * Plain-text inputs (CSV for Excel to PDF, text documents for Word to PDF) reach LibreOffice only as UTF-8 (a CSV
 * with a separator Quire chose), so that what a visitor gets never depends on LibreOffice's guesses or the
 * server's locale:
 *
 * - Encoding: a byte-order mark decides (UTF-8, UTF-16 LE or BE: Excel's "Unicode text"); without one, bytes that
 *   are valid UTF-8 are UTF-8, anything else is read as Windows-1252, the encoding of legacy Western exports
 *   (it maps every byte, so nothing is refused). The text is written out again as UTF-8 without a mark.
 * - Separator: comma, semicolon or tab, whichever splits every sampled line into the same number of fields
 *   (outside double quotes); tab first, then semicolon (a semicolon file often has decimal commas in its
 *   numbers), then comma; failing that, the one seen most; a file with none is one column.
 * - Numbers: a semicolon file is read with decimal commas (as the locales that write such files do), the others
 *   with decimal points.
 */

/** How many lines are sampled for the separator. */
const SAMPLE_LINES = 50;
const SEPARATORS = ['\t', ';', ','] as const;
type Separator = (typeof SEPARATORS)[number];
/** LibreOffice's language ids: English (USA), decimal point; German (Germany), decimal comma. */
const DECIMAL_POINT_LANGUAGE = 1033;
const DECIMAL_COMMA_LANGUAGE = 1031;
/** LibreOffice's text encoding number for UTF-8. */
const UTF8_ENCODING = 76;
/** The first bytes are enough to tell text (no NUL, not markup) from a binary or XML file. */
const TEXT_SNIFF_BYTES = 4096;

/** Whether `bytes` look like a text file that is not markup: a UTF-16 mark, or no NUL and no leading `<`. */
export function isPlainText(bytes: Uint8Array): boolean {
  if (utf16Encoding(bytes)) return true;
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  if (head.includes(0)) return false;
  const first = new TextDecoder('latin1')
    .decode(head.subarray(0, 256))
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  return !first.startsWith('<');
}

/** Decodes a text file as described above. */
export function decodeText(bytes: Uint8Array): string {
  const utf16 = utf16Encoding(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes.subarray(2));
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

/**
 * Windows-1252 differs from Latin-1 only in 0x80–0x9F (€, curly quotes, dashes …), which Node's decoder leaves
 * as control characters; the five bytes Windows-1252 leaves undefined stay as they are.
 */
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

/** The separator of a CSV text, as described above. */
export function detectSeparator(text: string): Separator | null {
  const counts = new Map<Separator, number[]>(SEPARATORS.map((separator) => [separator, []]));
  let quoted = false;
  let line = new Map<Separator, number>();
  let lineHasText = false;
  let lines = 0;
  const endLine = () => {
    // Blank lines say nothing about the separator.
    if (lineHasText) {
      for (const separator of SEPARATORS) counts.get(separator)?.push(line.get(separator) ?? 0);
      lines += 1;
    }
    line = new Map();
    lineHasText = false;
  };
  for (let index = 0; index < text.length && lines < SAMPLE_LINES; index += 1) {
    const char = text[index] ?? '';
    if (char === '"') quoted = !quoted;
    if (!quoted && char === '\n') {
      endLine();
      continue;
    }
    if (char.trim() !== '') lineHasText = true;
    if (!quoted && (SEPARATORS as readonly string[]).includes(char)) {
      const separator = char as Separator;
      line.set(separator, (line.get(separator) ?? 0) + 1);
    }
  }
  endLine();
  const consistent = SEPARATORS.find((separator) => {
    const perLine = counts.get(separator) ?? [];
    return perLine.length > 0 && perLine.every((count) => count > 0 && count === perLine[0]);
  });
  if (consistent) return consistent;
  const totals = SEPARATORS.map((separator) => {
    const perLine = counts.get(separator) ?? [];
    return [separator, perLine.reduce((sum, count) => sum + count, 0)] as const;
  });
  const [best, total] = totals.reduce((a, b) => (b[1] > a[1] ? b : a));
  return total > 0 ? best : null;
}

/**
 * LibreOffice's CSV import filter and its options for a UTF-8 text with `separator`: field separator, text
 * delimiter `"`, UTF-8, from line 1, standard column types, the language of its numbers, quoted fields not forced
 * to text, special numbers (dates, percentages) detected.
 */
export function csvLoadFilter(separator: Separator | null): LoadFilter {
  const code = (separator ?? ',').charCodeAt(0);
  const language = separator === ';' ? DECIMAL_COMMA_LANGUAGE : DECIMAL_POINT_LANGUAGE;
  return {
    filter: 'Text - txt - csv (StarCalc)',
    options: `${code},34,${UTF8_ENCODING},1,,${language},false,true`,
  };
}

/**
 * Writer's import filter for a UTF-8 text document, and its options: encoding, line ends (any of CR, LF or CRLF
 * ends a paragraph whatever this says), and the font and language left to Writer's defaults, as a cold
 * `soffice --convert-to pdf` of a UTF-8 text file sets it (in Liberation Mono).
 */
export const TEXT_LOAD_FILTER: LoadFilter = { filter: 'Text (encoded)', options: 'UTF8,LF,,' };

function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}
