import type { ErrorCode } from '../errors/error-codes.ts';
import type { ToolId } from '../tools/tool-ids.ts';

export type ToolDoc = {
  readonly summary: string;
  readonly description: string;
  /** What each option does, by option name (the option's type, values and default come from the registry). */
  readonly options: Readonly<Record<string, string>>;
  /**
   * Codes only some tools answer, beyond those every tool can (see `toolErrorCodes`): the tool's engine raises them.
   */
  readonly errors: readonly ErrorCode[];
};

/** The `language` option of the tools that read scans. */
const LANGUAGE_OPTION =
  "The document's languages: `auto` (the default: the script is detected), or up to 3 of `en`, `es`, `fr`, `de`, `it`, `pt`, `ru`, `el`, `ar`, `he`, `ko`, `ja`, `zh-cn`, `zh-tw` joined by `+`, for example `fr+en`.";

/**
 * The API reference's words for each tool, in English. Everything else in the reference (fields, types, limits,
 * defaults, answers, errors, report headers) is read from the registry, the error catalogue and `REPORT_SPECS`.
 */
export const TOOL_DOCS = {
  merge: {
    summary: 'Merge PDFs',
    description:
      'Combines the PDFs in the order of their fields (`file-0`, `file-1`, …) into one document. Bookmarks and links are kept.',
    options: {},
    errors: ['CONVERSION_FAILED'],
  },
  split: {
    summary: 'Split a PDF',
    description:
      'Splits one PDF into a zip of PDFs: one per page (`mode=pages`), or one per item of `pageRange` in the order given (`mode=range`). Entries are named after the file and the pages they hold, zero-padded to the width of the page count so that they sort in page order: `report-p03.pdf`, `report-p01-05.pdf` of a 14-page `report.pdf`.',
    options: {
      mode: '`pages`: one PDF per page. `range`: one PDF per item of `pageRange`.',
      pageRange:
        'Required when `mode` is `range`: comma-separated pages and ranges such as `1-5, 10-15`, `3` or `8-` (page 8 to the end). An item that is malformed, zero, reversed or beyond the last page is refused with `INVALID_PAGE_RANGE` naming it.',
    },
    errors: [],
  },
  compress: {
    summary: 'Compress a PDF',
    description:
      'Re-encodes images at the level’s resolution and quality, removes duplicate and unused objects and compresses streams. Text, links, bookmarks and form fields are kept. Never larger than the input: when nothing can be saved, the original bytes come back.',
    options: {
      quality:
        '`high`: images kept at up to 225 pixels per inch. `medium`: images at up to 150 pixels per inch. `low`: images at up to 96 pixels per inch and more strongly compressed. Every level keeps the text, fonts, links, bookmarks, attachments and form fields, and never returns a file larger than the one sent.',
    },
    errors: [],
  },
  'pdf-to-word': {
    summary: 'Convert a PDF to Word',
    description:
      "Writes an editable .docx with the text in flowing paragraphs (no text boxes), headings, lists, tables and images where they stand. The PDF's links stay links: web addresses open in the browser, and links within the document (a contents entry, a citation) lead to the place they point to. Scanned pages are read with OCR, as `/api/pdf/ocr` reads them, and rebuilt the same way: their text becomes editable paragraphs, their photos stay pictures, and the scan itself is not kept.",
    options: { language: LANGUAGE_OPTION },
    errors: ['CONVERSION_FAILED'],
  },
  'word-to-pdf': {
    summary: 'Convert Word to PDF',
    description:
      'Converts a .doc or .docx document to PDF with LibreOffice and Word-compatible fonts. Macros never run and linked content is never fetched. Password-protected documents are refused with `PASSWORD_REQUIRED`.',
    options: {},
    errors: ['PASSWORD_REQUIRED', 'CONVERSION_FAILED'],
  },
  'pdf-to-jpg': {
    summary: 'Convert a PDF to JPG images',
    description:
      'Renders every page to a JPG at 300, 150 or 72 DPI. A document of several pages gives a zip of JPGs named after the file and the page, zero-padded to the width of the page count (`report-p01.jpg`, …); a one-page document gives the JPG itself (`image/jpeg`, `report.jpg`). A page too large for the pixel budget at that resolution is rendered at the largest resolution that fits, and the headers say so.',
    options: { quality: '`high`: 300 DPI. `medium`: 150 DPI. `low`: 72 DPI.' },
    errors: ['CONVERSION_FAILED'],
  },
  'jpg-to-pdf': {
    summary: 'Convert images to PDF',
    description:
      'One page per JPG or PNG, in the order of the fields. JPEG data is embedded without re-encoding; EXIF orientation is applied; CMYK colours and PNG transparency are kept.',
    options: {
      pageSize: '`fit`: each page the size of its image. `a4` or `letter`: the image centred on the page.',
      margin: '`none` or `small` (a quarter inch).',
    },
    errors: [],
  },
  rotate: {
    summary: 'Rotate PDF pages',
    description:
      'Turns pages clockwise by changing their rotation (nothing is re-rendered): all pages, or those of `pages`.',
    options: {
      angle: 'Degrees clockwise.',
      pages: 'Pages to turn, e.g. `1-3, 7`; all pages when absent.',
    },
    errors: [],
  },
  ocr: {
    summary: 'Recognise the text of a scanned PDF (OCR)',
    description:
      'Finds the pages whose text is a picture (scans, photos of documents), reads them with Tesseract and adds an invisible, selectable and searchable text layer, placed word by word over the picture. Pages scanned sideways or upside down are turned upright and skewed pages are straightened; page images are never re-encoded. Pages that already have text are left as they are.',
    options: { language: LANGUAGE_OPTION },
    errors: ['CONVERSION_FAILED'],
  },
} as const satisfies { readonly [K in ToolId]: ToolDoc };
