/**
 * The bounds and fixed values of the tools' options, each with the reason for it: read by the registry
 * (`registry.ts`), which says which tool takes which.
 */
import { MAX_OCR_LANGUAGES, OCR_LANGUAGES } from './ocr-languages.ts';

/**
 * What a protected PDF's readers may still do without its owner password (Protect PDF's `permissions`): print it,
 * copy its text and pictures, change it (pages and content), add comments, fill its forms.
 */
export const PDF_PERMISSIONS = ['print', 'copy', 'edit', 'annotate', 'forms'] as const;
export type PdfPermission = (typeof PDF_PERMISSIONS)[number];
/**
 * The longest new password Protect PDF takes: 128 characters, and at most the 127 bytes of UTF-8 that AES-256
 * encryption keeps of a password (ISO 32000-2, 7.6.4.3.3: readers cut a longer one there, qpdf writes it whole, and
 * the two would never match).
 */
export const MAX_NEW_PASSWORD_CHARS = 128;
/** Longest PKCS#12 password: far past any typed one. */
export const MAX_CERTIFICATE_PASSWORD_CHARS = 1024;
export const MAX_NEW_PASSWORD_BYTES = 127;
/** The longest side of a PDF page: 200 inches (ISO 32000-1, annex C), the most a margin may cut. */
export const MAX_PAGE_SIDE_POINTS = 14_400;
/**
 * HTML to PDF's paper: ISO A4 (the default, as the site's other page-making tools start with it), A3 and A5, and US
 * Letter, Legal and Tabloid. The page's own CSS page size is not followed: the size chosen always wins.
 */
export const HTML_PAGE_SIZES = ['a4', 'letter', 'legal', 'a3', 'a5', 'tabloid'] as const;
/**
 * The widest margin HTML to PDF takes on each side: 2 inches (50.8 mm), which leaves an A5 page turned sideways
 * more than 4 inches of text.
 */
export const MAX_HTML_MARGIN_POINTS = 144;
/**
 * Where Add page numbers writes them, as the visitor sees the page: at its top or its foot, on the left, in the
 * centre or on the right (`center` as CSS and the watermark's positions spell it).
 */
export const STAMP_EDGE_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
] as const;
/**
 * Where Watermark puts its text or picture, as the visitor sees the page: in the middle, at one of the eight edges
 * and corners (the six of Add page numbers, spelt as they are, and `center-left`, `center-right` between them), or
 * repeated over the whole page (`tiled`). Listed row by row, as the form lays them out.
 */
export const WATERMARK_POSITIONS = [
  'top-left',
  'top-center',
  'top-right',
  'center-left',
  'center',
  'center-right',
  'bottom-left',
  'bottom-center',
  'bottom-right',
  'tiled',
] as const;
/** The longest watermark text: one line, which a page of any size still shows whole at a readable size. */
export const MAX_WATERMARK_TEXT_CHARS = 200;
/** A watermark's text may be larger than a page number: up to a headline across a page. */
export const MAX_WATERMARK_FONT_SIZE_PT = 200;
/** The longest page-number format (`Page {n} of {total}` in any language fits many times over). */
export const MAX_PAGE_NUMBER_FORMAT_CHARS = 100;
export const MAX_FIRST_PAGE_NUMBER = 999_999;
/** Text a stamp writes on a page: from a footnote's size to a heading's. */
export const MIN_STAMP_FONT_SIZE_PT = 6;
export const MAX_STAMP_FONT_SIZE_PT = 72;
/** From the page's edge: up to 2 inches. */
export const MAX_STAMP_MARGIN_PT = 144;
/**
 * A document property of PDF properties (title, author, subject, keywords): one line of at most 1000 characters, which
 * readers show whole and which fits a form field's 4 KiB in UTF-8.
 */
export const METADATA_TEXT = { kind: 'text', maxChars: 1000 } as const;
/**
 * Redact PDF's search: at most 100 words, phrases or patterns, each at most 200 characters (a long address, a
 * paragraph's opening), so matching them stays cheap on a long document.
 */
export const MAX_SEARCH_TERMS = 100;
export const MAX_SEARCH_TERM_CHARS = 200;
/** Three levels of quality (Compress, PDF to JPG): the engine says what each means for its tool. */
export const QUALITY = { kind: 'enum', values: ['high', 'medium', 'low'], default: 'medium' } as const;

/** The languages a document with scanned pages is written in, for the tools that read scans. */
export const DOCUMENT_LANGUAGES = {
  kind: 'language-list',
  values: OCR_LANGUAGES,
  maxItems: MAX_OCR_LANGUAGES,
} as const;

/**
 * Watermark's options: its text (or, instead, a picture: the registry's `extraFile`), where it goes, how it is drawn
 * and on which pages.
 */
export const WATERMARK_OPTIONS = {
  text: { kind: 'text', maxChars: MAX_WATERMARK_TEXT_CHARS },
  position: { kind: 'enum', values: WATERMARK_POSITIONS, default: 'center' },
  // Per cent: 0 is invisible, 100 opaque.
  opacity: { kind: 'number', min: 0, max: 100, default: 50 },
  // Degrees, counter-clockwise as the page is seen: 45 is the diagonal from the lower left corner.
  rotation: { kind: 'number', min: -180, max: 180, default: 45 },
  fontSize: { kind: 'number', min: MIN_STAMP_FONT_SIZE_PT, max: MAX_WATERMARK_FONT_SIZE_PT, default: 48 },
  color: { kind: 'color', default: '#808080' },
  pages: { kind: 'page-list' },
  layer: { kind: 'enum', values: ['over', 'under'], default: 'over' },
} as const;

/**
 * Sign PDF's options: where each picture goes, the name and the date written under it, and for a certificate
 * signature (the registry's `secretFile`) its password and the reason and place it states.
 */
export const SIGN_OPTIONS = {
  placements: { kind: 'placements' },
  name: { kind: 'text', maxChars: 200 },
  // Written as sent: the page writes today's date in the visitor's language and time zone, which the server knows not.
  date: { kind: 'text', maxChars: 100 },
  certificatePassword: { kind: 'secret', maxChars: MAX_CERTIFICATE_PASSWORD_CHARS, optional: true },
  reason: { kind: 'text', maxChars: 500 },
  location: { kind: 'text', maxChars: 200 },
} as const;
