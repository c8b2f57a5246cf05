import type { ErrorCode } from '../errors/error-codes.ts';
import type { ToolId } from '../tools/tool-ids.ts';

export type ToolDoc = {
  readonly summary: string;
  readonly description: string;
  /** What each option does, by option name (the option's type, values and default come from the registry). */
  readonly options: Readonly<Record<string, string>>;
  /** Headers the answer carries beyond Content-Type, Content-Length and Content-Disposition. */
  readonly resultHeaders: Readonly<Record<string, ResultHeaderDoc>>;
  /**
   * Codes only some tools answer, beyond those every tool can (see `toolErrorCodes`): the tool's engine raises them.
   */
  readonly errors: readonly ErrorCode[];
};

export type ResultHeaderDoc = {
  readonly description: string;
  readonly type: 'string' | 'integer' | 'number';
  /** Sent only in some cases (the description says when). */
  readonly conditional?: true;
};

/** Sent with any tool's result that has something to say (the site shows each notice in the visitor's language). */
export const NOTICES_HEADER_DOC: ResultHeaderDoc = {
  description:
    'Present when there is something to know about the result: comma-separated codes with their facts, e.g. `FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212`. `FILE_REPAIRED`: a damaged file (`file`: its position) was repaired. `ALREADY_OPTIMAL`: nothing could be saved; the original came back. `PAGES_DOWNSCALED`: `pages` pages were drawn at `dpi` or more, below the resolution asked. `IMAGES_DROPPED`: images too large to draw were left out. `PAGES_ARE_SCANS`: `pages` pages have no text layer and were kept as pictures.' +
    ' `SAME_AT_EVERY_LEVEL`: the file has no image a compression level could change, so every level gives the same result.' +
    ' `PASSWORD_REMOVED`: the file (`file`: its position) opened only with its password; the result has none.',
  type: 'string',
  conditional: true,
};

/**
 * The API reference's words for each tool, in English. Everything else in the reference (fields, types, limits,
 * defaults, answers, errors) is read from the registry and the error catalogue; a test checks these headers against
 * real answers.
 */
/** The `language` option of the tools that read scans. */
const LANGUAGE_OPTION =
  "The document's languages: `auto` (the default: the script is detected), or up to 3 of `en`, `es`, `fr`, `de`, `it`, `pt`, `ru`, `el`, `ar`, `he`, `ko`, `ja`, `zh-cn`, `zh-tw` joined by `+`, for example `fr+en`.";

/** The headers of the tools that read scans (`RECOGNITION_HEADERS` of the report table). */
const RECOGNITION_HEADERS = {
  'X-Pages-Recognised': {
    description: 'How many pages were read (pages with text are left as they are).',
    type: 'integer',
  },
  'X-Recognised-Page-List': {
    description: 'Present when pages were read: which, e.g. `1-3, 7`.',
    type: 'string',
    conditional: true,
  },
  'X-Ocr-Confidence': {
    description: 'Present when words were read: their mean confidence, 0 to 100, with one decimal.',
    type: 'number',
    conditional: true,
  },
} as const;

export const TOOL_DOCS = {
  merge: {
    summary: 'Merge PDFs',
    description:
      'Combines the PDFs in the order of their fields (`file-0`, `file-1`, …) into one document. Bookmarks and links are kept.',
    options: {},
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
    },
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
    resultHeaders: {
      'X-File-Count': { description: 'PDFs in the zip.', type: 'integer' },
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
    resultHeaders: {
      'X-Original-Size': { description: 'Size of the uploaded PDF in bytes.', type: 'integer' },
      'X-Compressed-Size': { description: 'Size of the answer in bytes.', type: 'integer' },
      'X-Compression-Ratio': {
        description:
          'The reduction in percent with one decimal, e.g. `63.4` (`0.0` when the original came back).',
        type: 'number',
      },
      'X-Compression-Skipped': {
        description:
          'Present when nothing could be saved and the original bytes came back: `already-optimal`.',
        type: 'string',
        conditional: true,
      },
    },
    errors: [],
  },
  'pdf-to-word': {
    summary: 'Convert a PDF to Word',
    description:
      "Writes an editable .docx with the text in flowing paragraphs (no text boxes), headings, lists, tables and images where they stand. The PDF's links stay links: web addresses open in the browser, and links within the document (a contents entry, a citation) lead to the place they point to. Scanned pages are read with OCR, as `/api/pdf/ocr` reads them, and rebuilt the same way: their text becomes editable paragraphs, their photos stay pictures, and the scan itself is not kept.",
    options: { language: LANGUAGE_OPTION },
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      'X-Pages-Without-Text': {
        description:
          'How many pages are kept as pictures: they have no text, and no words could be read in them.',
        type: 'integer',
      },
      ...RECOGNITION_HEADERS,
    },
    errors: ['CONVERSION_FAILED'],
  },
  'word-to-pdf': {
    summary: 'Convert Word to PDF',
    description:
      'Converts a .doc or .docx document to PDF with LibreOffice and Word-compatible fonts. Macros never run and linked content is never fetched. Password-protected documents are refused with `PASSWORD_REQUIRED`.',
    options: {},
    resultHeaders: {},
    errors: ['PASSWORD_REQUIRED', 'CONVERSION_FAILED'],
  },
  'pdf-to-jpg': {
    summary: 'Convert a PDF to JPG images',
    description:
      'Renders every page to a JPG at 300, 150 or 72 DPI. A document of several pages gives a zip of JPGs named after the file and the page, zero-padded to the width of the page count (`report-p01.jpg`, …); a one-page document gives the JPG itself (`image/jpeg`, `report.jpg`). A page too large for the pixel budget at that resolution is rendered at the largest resolution that fits, and the headers say so.',
    options: { quality: '`high`: 300 DPI. `medium`: 150 DPI. `low`: 72 DPI.' },
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      'X-Pages-Downscaled': {
        description: 'Present when some pages were rendered below the requested resolution: how many.',
        type: 'integer',
        conditional: true,
      },
      'X-Render-Dpi-Min': {
        description: 'Present with `X-Pages-Downscaled`: the lowest resolution used, in DPI.',
        type: 'integer',
        conditional: true,
      },
    },
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
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
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
    resultHeaders: {
      'X-Pages-Rotated': { description: 'How many pages were turned.', type: 'integer' },
    },
    errors: [],
  },
  ocr: {
    summary: 'Recognise the text of a scanned PDF (OCR)',
    description:
      'Finds the pages whose text is a picture (scans, photos of documents), reads them with Tesseract and adds an invisible, selectable and searchable text layer, placed word by word over the picture. Pages scanned sideways or upside down are turned upright and skewed pages are straightened; page images are never re-encoded. Pages that already have text are left as they are.',
    options: { language: LANGUAGE_OPTION },
    resultHeaders: {
      'X-Page-Count': { description: 'Pages of the result.', type: 'integer' },
      ...RECOGNITION_HEADERS,
    },
    errors: ['CONVERSION_FAILED'],
  },
} as const satisfies { readonly [K in ToolId]: ToolDoc };
