/* eslint-disable max-lines -- one entry per tool, defined once: the registry grows with the tools it lists */
import type { ErrorCode } from '../errors/error-codes.ts';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales.ts';
import type { FileKind } from '../files/file-kinds.ts';
import {
  CONVERT_PAGE_TIMEOUT_MS,
  JOB_TIMEOUT_MS,
  MAX_CONVERT_PAGES,
  MAX_FILE_BYTES,
  MAX_HTML_FILE_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_FILES,
  MAX_CERTIFICATE_BYTES,
  MAX_MERGE_FILES,
  MAX_SIGNATURE_IMAGE_BYTES,
  MAX_SIGNATURE_IMAGES,
  MAX_OCR_PAGES,
  MAX_PAGES,
  MAX_RENDER_PAGES,
  MAX_REQUEST_BYTES,
  OCR_PAGE_TIMEOUT_MS,
  PNG_MEGAPIXEL_TIMEOUT_MS,
  PNG_PAGE_MEGAPIXELS,
} from '../limits.ts';
import type { ExtraFile, OptionSpec, OptionValue, PictureFiles, SecretFile } from './option-specs.ts';
import { MAX_LISTED_MATCHES } from './redact-preview.ts';
import {
  PDF_PERMISSIONS,
  MAX_NEW_PASSWORD_CHARS,
  MAX_NEW_PASSWORD_BYTES,
  MAX_PAGE_SIDE_POINTS,
  STAMP_EDGE_POSITIONS,
  MAX_PAGE_NUMBER_FORMAT_CHARS,
  MAX_FIRST_PAGE_NUMBER,
  MIN_STAMP_FONT_SIZE_PT,
  MAX_STAMP_FONT_SIZE_PT,
  MAX_STAMP_MARGIN_PT,
  WATERMARK_OPTIONS,
  SIGN_OPTIONS,
  METADATA_TEXT,
  MAX_SEARCH_TERMS,
  MAX_SEARCH_TERM_CHARS,
  QUALITY,
  DOCUMENT_LANGUAGES,
  HTML_PAGE_SIZES,
  MAX_HTML_MARGIN_POINTS,
} from './option-bounds.ts';

/**
 * How a tool names its upload fields: `file` for one file, `file-0`, `file-1`, … for several (spec section 7).
 * Passwords follow the same pattern: `password`, or `password-0`, `password-1`, … (spec A.3).
 */
export type FileFieldStyle = 'single' | 'indexed';

export const JOB_LANES = ['pdf', 'office', 'ocr'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * A job whose estimated work (milliseconds of one core, from its pages, its content and its tool's rates) is at
 * least this is long: long jobs never take every worker of their lane, so short work always finds one. A 1-page
 * rotate or compress is far below the PDF lane's; one or two pages of OCR below the OCR lane's.
 */
export const LONG_JOB_MS: Readonly<Record<JobLane, number>> = { pdf: 4_000, office: 15_000, ocr: 12_000 };

export type ToolDefinition<Id extends string = ToolId> = {
  readonly id: Id;
  /** Path segment of the tool's page, the same in every language. */
  readonly slug: string;
  readonly apiPath: string;
  readonly accepts: readonly FileKind[];
  readonly fileField: FileFieldStyle;
  readonly minFiles: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxRequestBytes: number;
  readonly output: {
    /** The result's name when its source has no usable one. */
    readonly fileName: string;
    readonly mimeType: string;
    /**
     * What the result's name adds to its source's stem (`resultFileName`): a result of the source's own type says
     * what was done (`-compressed`), so it never lands on its source's name; a conversion takes the stem alone
     * (`''`); a zip says what it holds.
     */
    readonly nameSuffix: string;
    /**
     * The result is a zip of `mimeType` files instead, with the same name and suffix, when its report counts files
     * (`fileCount` above 0): Extract pages, one PDF per item of its list.
     */
    readonly zipWhenFiles?: true;
  };
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Option fields the status probe sends beyond each option's starting value: the cheapest setting. */
  readonly probeFields?: Readonly<Record<string, string>>;
  /** Pages of the status probe's PDF where that setting needs more than one (Remove pages must keep a page). */
  readonly probePages?: number;
  /** The probe's PDF carries a small ruled table of figures under its line (PDF to Excel refuses a PDF without one). */
  readonly probeTable?: true;
  readonly timeoutMs: number;
  /**
   * Which set of workers runs the tool: `pdf` (worker processes, one job per core), `office` (each worker keeps a
   * LibreOffice warm, one conversion at a time) or `ocr` (text recognition, minutes long: it must never hold up the
   * others). Each lane has its own concurrency and queue.
   */
  readonly lane: JobLane;
  /**
   * Codes only some tools answer, beyond those every tool can (`toolErrorCodes`): the ones its engine raises.
   */
  readonly errors: readonly ErrorCode[];
  /** Card accent colour (spec section 3). */
  readonly color: 'red' | 'blue' | 'green' | 'purple' | 'orange' | 'pink' | 'teal' | 'indigo';
  /**
   * The tool's icon: the `d` of an SVG path on a 24-unit square, drawn as a 2-unit round stroke (the web's
   * `ToolIcon`). Several strokes are subpaths of the one path.
   */
  readonly glyph: string;
  /**
   * `false`: the tool has no page yet and is served by its API alone (none today): the
   * site leaves it out of its pages, cards, menus, tool lists and counts and the sitemap (`SITE_TOOL_IDS`), while its
   * endpoint, its API docs, the job API and the status page have it as every tool. Remove the flag with its page.
   */
  readonly hasPage?: false;
  /** A file of another kind it takes instead of one of its options (Watermark's picture). */
  readonly extraFile?: ExtraFile;
  /** Pictures it takes beside its file, numbered (Sign PDF's signatures: `image-0`, `image-1`, …). */
  readonly pictureFiles?: PictureFiles;
  /** A file it keeps in the job's memory only, never on disk (Sign PDF's certificate). */
  readonly secretFile?: SecretFile;
} & PdfReading;

/** Whether a tool reads PDFs, and then how many pages it takes of one. */
export type PdfReading =
  | {
      /** The tool reads PDFs, and therefore takes passwords for protected ones. */
      readonly readsPdf: true;
      /**
       * The most pages of a PDF the tool takes (of each file, for merge): `MAX_PAGES` for page assembly, fewer where
       * each page is rendered or converted. Past it, `DOCUMENT_TOO_COMPLEX`.
       */
      readonly maxPages: number;
    }
  | { readonly readsPdf: false; readonly maxPages: null };

const PDF = 'application/pdf';
const ZIP = 'application/zip';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEXT = 'text/plain; charset=utf-8';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A page with its corner folded: a document of any kind. */
const FILE_GLYPH = 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5';
/** A sheet of cells: a spreadsheet. */
const SHEET_GLYPH =
  'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM4 10h16M4 15h16M10 4v16';
/** A screen on its stand: a presentation. */
const SLIDES_GLYPH = 'M3 4h18M5 4v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V4M12 15v4M8 20l4-1 4 1';
/** A page with a W on it: a Word document. */
const WORD_GLYPH = `${FILE_GLYPH}M8.5 12l1.2 5 1.8-4 1.8 4 1.2-5`;
/** A framed picture: a sun over a mountain's slope. */
const IMAGE_GLYPH =
  'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM7 9a2 2 0 1 0 4 0a2 2 0 1 0-4 0zM21 15l-5-5L5 21';

const onePdf = {
  accepts: ['pdf'],
  fileField: 'single',
  minFiles: 1,
  maxFiles: 1,
  maxFileBytes: MAX_FILE_BYTES,
  maxRequestBytes: MAX_REQUEST_BYTES,
  readsPdf: true,
  maxPages: MAX_PAGES,
  timeoutMs: JOB_TIMEOUT_MS,
  lane: 'pdf',
} as const;

/** Checks each entry of `TOOLS` against `ToolDefinition`, its `id` its own key, keeping the literal types. */
function defineTools<const T extends { readonly [K in keyof T]: ToolDefinition<K & string> }>(tools: T): T {
  return tools;
}

/**
 * Every tool, defined once: its key is its id (`TOOL_IDS` lists them in this order). Server routes, engine ops, web
 * pages, docs and tests are all derived from it.
 */
export const TOOLS = defineTools({
  merge: {
    ...onePdf,
    id: 'merge',
    slug: 'merge-pdf',
    apiPath: '/api/pdf/merge',
    fileField: 'indexed',
    minFiles: 2,
    maxFiles: MAX_MERGE_FILES,
    output: { fileName: 'merged.pdf', mimeType: PDF, nameSuffix: '-merged' },
    options: {},
    errors: ['CONVERSION_FAILED'],
    color: 'red',
    glyph:
      'M8 3H5a2 2 0 0 0-2 2v4m18 0V5a2 2 0 0 0-2-2h-3M3 15v4a2 2 0 0 0 2 2h3m8 0h3a2 2 0 0 0 2-2v-4M8 12h8M12 8v8',
  },
  split: {
    ...onePdf,
    id: 'split',
    slug: 'split-pdf',
    apiPath: '/api/pdf/split',
    output: { fileName: 'split-pages.zip', mimeType: ZIP, nameSuffix: '-split' },
    options: {
      mode: { kind: 'enum', values: ['pages', 'range'], default: 'pages' },
      pageRange: { kind: 'page-list', requiredWhen: { option: 'mode', value: 'range' } },
    },
    errors: [],
    color: 'blue',
    glyph: 'M6 3h5v18H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM13 3h5a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-5',
  },
  crop: {
    ...onePdf,
    id: 'crop',
    slug: 'crop-pdf',
    apiPath: '/api/pdf/crop',
    output: { fileName: 'cropped.pdf', mimeType: PDF, nameSuffix: '-cropped' },
    options: {
      margins: { kind: 'margins', maxPoints: MAX_PAGE_SIDE_POINTS },
      pages: { kind: 'page-list' },
    },
    errors: [],
    color: 'teal',
    // Two crop marks: the corners of the part kept.
    glyph: 'M6 2v14a2 2 0 0 0 2 2h14M2 6h14a2 2 0 0 1 2 2v14',
  },
  compress: {
    ...onePdf,
    id: 'compress',
    slug: 'compress-pdf',
    apiPath: '/api/pdf/compress',
    output: { fileName: 'compressed.pdf', mimeType: PDF, nameSuffix: '-compressed' },
    options: { quality: QUALITY },
    errors: [],
    color: 'green',
    glyph: 'M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7',
  },
  flatten: {
    ...onePdf,
    id: 'flatten',
    slug: 'flatten-pdf',
    apiPath: '/api/pdf/flatten',
    output: { fileName: 'flattened.pdf', mimeType: PDF, nameSuffix: '-flattened' },
    // What becomes part of the page: form fields, other annotations (comments, highlights, stamps, drawings), or both.
    options: { what: { kind: 'enum', values: ['forms', 'annotations', 'both'], default: 'both' } },
    errors: [],
    color: 'blue',
    // A page pressed flat by a bar: its layers become one.
    glyph: `${FILE_GLYPH}M8 12h8M8 15h8M8 18h5`,
  },
  metadata: {
    ...onePdf,
    id: 'metadata',
    slug: 'edit-pdf-metadata',
    apiPath: '/api/pdf/metadata',
    output: { fileName: 'properties.pdf', mimeType: PDF, nameSuffix: '-properties' },
    options: {
      title: METADATA_TEXT,
      author: METADATA_TEXT,
      subject: METADATA_TEXT,
      keywords: METADATA_TEXT,
      // `true`: every document property goes (the information dictionary and the XMP), then those sent are written.
      clear: { kind: 'enum', values: ['false', 'true'], default: 'false' },
    },
    errors: [],
    color: 'purple',
    // A tag on a string: what is said about the document.
    glyph: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zM7.5 7.5h.01',
  },
  redact: {
    ...onePdf,
    id: 'redact',
    slug: 'redact-pdf',
    apiPath: '/api/pdf/redact',
    output: { fileName: 'redacted.pdf', mimeType: PDF, nameSuffix: '-redacted' },
    options: {
      // Words or phrases to remove wherever they are written, one per line (regular expressions with `regex`).
      search: {
        kind: 'search-terms',
        maxItems: MAX_SEARCH_TERMS,
        maxChars: MAX_SEARCH_TERM_CHARS,
        regexOption: 'regex',
      },
      regex: { kind: 'enum', values: ['false', 'true'], default: 'false' },
      // Boxes whose content (text, pictures' pixels, drawings) is removed, in fractions of the page as seen.
      areas: { kind: 'boxes' },
      // The colour of the boxes drawn where something was removed.
      fill: { kind: 'color', default: '#000000' },
      // `true`: nothing is removed; the answer lists the matches of `search` (JSON, `RedactPreview`).
      preview: { kind: 'enum', values: ['false', 'true'], default: 'false' },
      // Matches of `search` left as they are, by their number in the preview's list.
      skip: { kind: 'match-numbers', maxItems: MAX_LISTED_MATCHES },
    },
    // A request must ask for something to remove: the probe removes the top-left corner of its page.
    probeFields: { areas: '[{"page": 1, "x": 0, "y": 0, "width": 0.1, "height": 0.1}]' },
    errors: [],
    color: 'red',
    // A page with two lines blacked out.
    glyph: `${FILE_GLYPH}M8 11h8v2H8zM8 15h5v2H8z`,
  },
  sign: {
    ...onePdf,
    id: 'sign',
    slug: 'sign-pdf',
    apiPath: '/api/pdf/sign',
    output: { fileName: 'signed.pdf', mimeType: PDF, nameSuffix: '-signed' },
    pictureFiles: {
      prefix: 'image',
      maxFiles: MAX_SIGNATURE_IMAGES,
      accepts: ['stampImage'],
      maxFileBytes: MAX_SIGNATURE_IMAGE_BYTES,
    },
    secretFile: { field: 'certificate', maxFileBytes: MAX_CERTIFICATE_BYTES },
    options: SIGN_OPTIONS,
    // The probe signs with its own picture at the top-left corner of its page.
    probeFields: { placements: '[{"page": 1, "x": 0, "y": 0, "width": 0.2, "height": 0.1, "image": 0}]' },
    errors: ['PASSWORD_INCORRECT'],
    color: 'indigo',
    // A pen's nib over a signature's stroke.
    glyph: 'M15 4l5 5-9 9H6v-5zM3 21h18',
  },
  'pdf-to-word': {
    ...onePdf,
    id: 'pdf-to-word',
    slug: 'pdf-to-word',
    apiPath: '/api/pdf/to-word',
    output: { fileName: 'converted.docx', mimeType: DOCX, nameSuffix: '' },
    maxPages: MAX_CONVERT_PAGES,
    // The languages of its scanned pages, which it reads as OCR PDF does.
    options: { language: DOCUMENT_LANGUAGES },
    // Two minutes for the document, a budget per page and one per scanned page (the op sets its own limit once it
    // has counted them).
    timeoutMs:
      2 * JOB_TIMEOUT_MS + MAX_CONVERT_PAGES * CONVERT_PAGE_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'purple',
    glyph: WORD_GLYPH,
  },
  'pdf-to-excel': {
    ...onePdf,
    id: 'pdf-to-excel',
    slug: 'pdf-to-excel',
    apiPath: '/api/pdf/to-excel',
    output: { fileName: 'converted.xlsx', mimeType: XLSX, nameSuffix: '' },
    maxPages: MAX_CONVERT_PAGES,
    options: {
      // The pages whose tables it takes (all by default), and the languages of its scanned pages.
      pages: { kind: 'page-list' },
      language: DOCUMENT_LANGUAGES,
    },
    // PDF to Word's budget: two minutes for the document, a budget per page and one per scanned page (the op sets
    // its own limit once it has counted them).
    timeoutMs:
      2 * JOB_TIMEOUT_MS + MAX_CONVERT_PAGES * CONVERT_PAGE_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    // A PDF without a table is refused: the probe's has one.
    probeTable: true,
    errors: ['CONVERSION_FAILED', 'NO_TABLES_FOUND'],
    color: 'green',
    // A page with a grid of cells on it.
    glyph: `${FILE_GLYPH}M8 11h8v7H8zM8 14.5h8M12 11v7`,
  },
  'word-to-pdf': {
    ...onePdf,
    id: 'word-to-pdf',
    slug: 'word-to-pdf',
    apiPath: '/api/pdf/from-word',
    accepts: ['word'],
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '' },
    options: {},
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    lane: 'office',
    errors: ['PASSWORD_REQUIRED', 'CONVERSION_FAILED'],
    color: 'orange',
    glyph: FILE_GLYPH,
  },
  'excel-to-pdf': {
    ...onePdf,
    id: 'excel-to-pdf',
    slug: 'excel-to-pdf',
    apiPath: '/api/pdf/from-excel',
    accepts: ['spreadsheet'],
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '' },
    options: {
      // `true`: each sheet's columns take the page's width (its rows run on as many pages as they need).
      fitWidth: { kind: 'enum', values: ['true', 'false'], default: 'true' },
    },
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    lane: 'office',
    errors: ['PASSWORD_REQUIRED', 'CONVERSION_FAILED'],
    color: 'green',
    glyph: SHEET_GLYPH,
  },
  'powerpoint-to-pdf': {
    ...onePdf,
    id: 'powerpoint-to-pdf',
    slug: 'powerpoint-to-pdf',
    apiPath: '/api/pdf/from-powerpoint',
    accepts: ['presentation'],
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '' },
    options: {},
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    lane: 'office',
    errors: ['PASSWORD_REQUIRED', 'CONVERSION_FAILED'],
    color: 'red',
    glyph: SLIDES_GLYPH,
  },
  'html-to-pdf': {
    ...onePdf,
    id: 'html-to-pdf',
    slug: 'html-to-pdf',
    apiPath: '/api/pdf/from-html',
    // One .html file, or a .zip of a page's folder: its index.html with the pictures, styles, scripts and fonts it
    // uses. Never a URL: the page is drawn from the upload alone, and nothing it asks for leaves the job.
    accepts: ['html'],
    maxFileBytes: MAX_HTML_FILE_BYTES,
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '' },
    options: {
      pageSize: { kind: 'enum', values: HTML_PAGE_SIZES, default: 'a4' },
      landscape: { kind: 'enum', values: ['false', 'true'], default: 'false' },
      // `auto`: the page's own CSS margins (`@page`), else 1 cm on each side.
      margins: { kind: 'margins', maxPoints: MAX_HTML_MARGIN_POINTS },
    },
    // Drawn by a headless Chromium started for the job: seconds of CPU and a few hundred megabytes, as LibreOffice's.
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    lane: 'office',
    errors: ['HTML_INDEX_MISSING', 'HTML_LOAD_TIMEOUT', 'CONVERSION_FAILED'],
    color: 'orange',
    // A page with a tag's angle brackets on it: markup.
    glyph: `${FILE_GLYPH}M10 12l-2.5 2.5L10 17M14 12l2.5 2.5L14 17`,
  },
  'pdf-to-powerpoint': {
    ...onePdf,
    id: 'pdf-to-powerpoint',
    slug: 'pdf-to-powerpoint',
    apiPath: '/api/pdf/to-powerpoint',
    output: { fileName: 'converted.pptx', mimeType: PPTX, nameSuffix: '' },
    maxPages: MAX_CONVERT_PAGES,
    // The pages made slides (all by default), and the languages of its scanned pages, read as PDF to Word reads them.
    options: { pages: { kind: 'page-list' }, language: DOCUMENT_LANGUAGES },
    // As PDF to Word: two minutes for the document, a budget per page and one per scanned page.
    timeoutMs:
      2 * JOB_TIMEOUT_MS + MAX_CONVERT_PAGES * CONVERT_PAGE_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'orange',
    glyph: `${SLIDES_GLYPH}M9 8h6M9 11h4`,
  },
  'pdf-to-jpg': {
    ...onePdf,
    id: 'pdf-to-jpg',
    slug: 'pdf-to-jpg',
    apiPath: '/api/pdf/to-jpg',
    output: { fileName: 'pdf-images.zip', mimeType: ZIP, nameSuffix: '-jpg' },
    maxPages: MAX_RENDER_PAGES,
    options: { quality: QUALITY },
    probeFields: { quality: 'low' },
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'pink',
    glyph: IMAGE_GLYPH,
  },
  'pdf-to-png': {
    ...onePdf,
    id: 'pdf-to-png',
    slug: 'pdf-to-png',
    apiPath: '/api/pdf/to-png',
    output: { fileName: 'pdf-images.zip', mimeType: ZIP, nameSuffix: '-png' },
    maxPages: MAX_RENDER_PAGES,
    options: {
      quality: QUALITY,
      // The page's white left out: what the page does not paint is transparent.
      transparent: { kind: 'enum', values: ['false', 'true'], default: 'false' },
    },
    probeFields: { quality: 'low' },
    // Two minutes for the document, and a budget per megapixel drawn (the op sets its own limit once it has planned
    // its pages).
    timeoutMs: 2 * JOB_TIMEOUT_MS + MAX_RENDER_PAGES * PNG_PAGE_MEGAPIXELS * PNG_MEGAPIXEL_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'indigo',
    glyph: IMAGE_GLYPH,
  },
  'pdf-to-text': {
    ...onePdf,
    id: 'pdf-to-text',
    slug: 'pdf-to-text',
    apiPath: '/api/pdf/to-text',
    output: { fileName: 'converted.txt', mimeType: TEXT, nameSuffix: '' },
    // The languages of its scanned pages, which it reads as OCR PDF and PDF to Word do.
    options: { language: DOCUMENT_LANGUAGES },
    // Two minutes for the document's text, and a budget per scanned page (the op sets its own limit once it has
    // found them).
    timeoutMs: 2 * JOB_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'blue',
    // A page with a capital T on it: its text alone.
    glyph: `${FILE_GLYPH}M8.5 11h7M12 11v7`,
  },
  'pdf-to-pdfa': {
    ...onePdf,
    id: 'pdf-to-pdfa',
    slug: 'pdf-to-pdfa',
    apiPath: '/api/pdf/to-pdfa',
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '-pdfa' },
    maxPages: MAX_CONVERT_PAGES,
    // The PDF/A part and conformance: 2b (PDF 1.7, transparency kept), 1b (PDF 1.4, transparency flattened) or 3b
    // (2b that may carry embedded files).
    options: { level: { kind: 'enum', values: ['2b', '1b', '3b'], default: '2b' } },
    // Ghostscript rewrites every page (measured with `npm run bench pdfa`: up to 2.5 s a page when PDF/A-1
    // flattens transparency).
    timeoutMs: 2 * JOB_TIMEOUT_MS + MAX_CONVERT_PAGES * CONVERT_PAGE_TIMEOUT_MS,
    errors: ['PDFA_NOT_CONFORMANT', 'CONVERSION_FAILED'],
    color: 'orange',
    // A page with a lock-like archive box under it: kept as it is, for the long term.
    glyph: `${FILE_GLYPH}M8 13h8v5H8zM10 15h4`,
  },
  'jpg-to-pdf': {
    ...onePdf,
    id: 'jpg-to-pdf',
    slug: 'jpg-to-pdf',
    apiPath: '/api/pdf/from-images',
    accepts: ['image'],
    fileField: 'indexed',
    maxFiles: MAX_IMAGE_FILES,
    maxFileBytes: MAX_IMAGE_FILE_BYTES,
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF, nameSuffix: '' },
    options: {
      pageSize: { kind: 'enum', values: ['fit', 'a4', 'letter'], default: 'fit' },
      margin: { kind: 'enum', values: ['none', 'small'], default: 'none' },
    },
    errors: ['IMAGE_FORMAT_UNSUPPORTED'],
    color: 'teal',
    glyph: FILE_GLYPH,
  },
  rotate: {
    ...onePdf,
    id: 'rotate',
    slug: 'rotate-pdf',
    apiPath: '/api/pdf/rotate',
    output: { fileName: 'rotated.pdf', mimeType: PDF, nameSuffix: '-rotated' },
    options: {
      angle: { kind: 'enum', values: ['90', '180', '270'] },
      pages: { kind: 'page-list' },
    },
    errors: [],
    color: 'indigo',
    glyph: 'M21 12a9 9 0 1 1-3-6.7L21 8M21 3v5h-5',
  },
  'page-numbers': {
    ...onePdf,
    id: 'page-numbers',
    slug: 'add-page-numbers',
    apiPath: '/api/pdf/page-numbers',
    output: { fileName: 'numbered.pdf', mimeType: PDF, nameSuffix: '-numbered' },
    options: {
      position: { kind: 'enum', values: STAMP_EDGE_POSITIONS, default: 'bottom-center' },
      format: {
        kind: 'text',
        maxChars: MAX_PAGE_NUMBER_FORMAT_CHARS,
        default: '{n}',
        placeholders: ['{n}'],
        presets: ['number', 'pageNumber', 'pageOfTotal', 'numberOfTotal'],
      },
      start: { kind: 'number', min: 0, max: MAX_FIRST_PAGE_NUMBER, default: 1 },
      pages: { kind: 'page-list' },
      fontSize: { kind: 'number', min: MIN_STAMP_FONT_SIZE_PT, max: MAX_STAMP_FONT_SIZE_PT, default: 12 },
      margin: { kind: 'number', min: 0, max: MAX_STAMP_MARGIN_PT, default: 28 },
    },
    errors: [],
    color: 'teal',
    // A page with a number's two strokes at its foot.
    glyph: `${FILE_GLYPH}M10 17l2-1.5V20M9 13h6`,
  },
  watermark: {
    ...onePdf,
    id: 'watermark',
    slug: 'watermark-pdf',
    apiPath: '/api/pdf/watermark',
    output: { fileName: 'watermarked.pdf', mimeType: PDF, nameSuffix: '-watermarked' },
    // A JPG or PNG picture instead of a text: exactly one of the two.
    extraFile: {
      field: 'image',
      accepts: ['stampImage'],
      maxFileBytes: MAX_IMAGE_FILE_BYTES,
      insteadOf: 'text',
    },
    options: WATERMARK_OPTIONS,
    probeFields: { text: 'Quire' },
    errors: ['TEXT_OR_IMAGE_REQUIRED'],
    color: 'blue',
    // A page with a diagonal stroke across it.
    glyph: `${FILE_GLYPH}M8 18l8-8`,
  },
  ocr: {
    ...onePdf,
    id: 'ocr',
    slug: 'ocr-pdf',
    apiPath: '/api/pdf/ocr',
    output: { fileName: 'searchable.pdf', mimeType: PDF, nameSuffix: '-searchable' },
    maxPages: MAX_OCR_PAGES,
    options: { language: DOCUMENT_LANGUAGES },
    // A minute for the document and a budget per page (the op gives a document the time of its own pages).
    timeoutMs: JOB_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    lane: 'ocr',
    errors: ['CONVERSION_FAILED'],
    color: 'blue',
    // A page in a scanner's frame, its lines of text read.
    glyph:
      'M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M8 9h8M8 12h8M8 15h5',
  },
  'remove-pages': {
    ...onePdf,
    id: 'remove-pages',
    slug: 'remove-pages',
    apiPath: '/api/pdf/remove-pages',
    output: { fileName: 'pages-removed.pdf', mimeType: PDF, nameSuffix: '-pages-removed' },
    options: { pages: { kind: 'page-list', required: true } },
    // The cheapest removal that leaves a page: the second of two.
    probeFields: { pages: '2' },
    probePages: 2,
    errors: [],
    color: 'orange',
    // A page struck through with a cross.
    glyph: `${FILE_GLYPH}M9.5 11.5l5 5M14.5 11.5l-5 5`,
  },
  'extract-pages': {
    ...onePdf,
    id: 'extract-pages',
    slug: 'extract-pages',
    apiPath: '/api/pdf/extract-pages',
    // One PDF of the pages listed, or (mode `separate`) a zip of one PDF per item of the list.
    output: { fileName: 'extracted-pages.pdf', mimeType: PDF, nameSuffix: '-extracted', zipWhenFiles: true },
    options: {
      pages: { kind: 'page-list', required: true },
      mode: { kind: 'enum', values: ['one', 'separate'], default: 'one' },
    },
    probeFields: { pages: '1' },
    errors: [],
    color: 'teal',
    // A page with an arrow leading out of it.
    glyph: `${FILE_GLYPH}M8 14h7M12 11l3 3-3 3`,
  },
  organize: {
    ...onePdf,
    id: 'organize',
    slug: 'organize-pdf',
    apiPath: '/api/pdf/organize',
    // Merge's files and limits: the pages of up to ten PDFs, placed as `layout` says.
    fileField: 'indexed',
    maxFiles: MAX_MERGE_FILES,
    output: { fileName: 'organized.pdf', mimeType: PDF, nameSuffix: '-organized' },
    options: { layout: { kind: 'layout' } },
    probeFields: { layout: '[{"file": 0, "page": 1}]' },
    errors: ['CONVERSION_FAILED'],
    color: 'purple',
    // Four pages in a grid, one of them being moved.
    glyph: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 17h6M17 14v6',
  },
  compare: {
    ...onePdf,
    id: 'compare',
    slug: 'compare-pdf',
    apiPath: '/api/pdf/compare',
    // The original (`file-0`) and the changed version (`file-1`), each with its password (`password-0`, `password-1`).
    fileField: 'indexed',
    minFiles: 2,
    maxFiles: 2,
    // Pages whose words are the same are drawn to compare them.
    maxPages: MAX_RENDER_PAGES,
    output: { fileName: 'comparison.pdf', mimeType: PDF, nameSuffix: '-compared' },
    // The language the report's own words are written in (the page sends its own).
    options: { reportLanguage: { kind: 'enum', values: LOCALES, default: DEFAULT_LOCALE } },
    // Two minutes for the words and the report, and a budget per page of both (the op sets its own limit once it has
    // counted them).
    timeoutMs: 2 * JOB_TIMEOUT_MS + 2 * MAX_RENDER_PAGES * CONVERT_PAGE_TIMEOUT_MS,
    errors: ['CONVERSION_FAILED'],
    color: 'orange',
    // Two pages side by side, their lines facing each other.
    glyph: 'M3 4h7v16H3zM14 4h7v16h-7zM5.5 8h2.5M16.5 8h2.5M5.5 12h2.5M16.5 12h2.5M5.5 16h2.5',
  },
  protect: {
    ...onePdf,
    id: 'protect',
    slug: 'protect-pdf',
    apiPath: '/api/pdf/protect',
    output: { fileName: 'protected.pdf', mimeType: PDF, nameSuffix: '-protected' },
    options: {
      newPassword: { kind: 'secret', maxChars: MAX_NEW_PASSWORD_CHARS, maxBytes: MAX_NEW_PASSWORD_BYTES },
      permissions: { kind: 'flag-list', values: PDF_PERMISSIONS },
    },
    // The probe's file gets a password of its own, which the probe never uses again.
    probeFields: { newPassword: 'status-probe' },
    errors: [],
    color: 'indigo',
    // A padlock, closed.
    glyph:
      'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  },
  unlock: {
    ...onePdf,
    id: 'unlock',
    slug: 'unlock-pdf',
    apiPath: '/api/pdf/unlock',
    output: { fileName: 'unlocked.pdf', mimeType: PDF, nameSuffix: '-unlocked' },
    options: {},
    errors: [],
    color: 'green',
    // A padlock, its shackle open.
    glyph:
      'M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM8 11V7a4 4 0 0 1 7.7-1.5M12 15v2',
  },
  repair: {
    ...onePdf,
    id: 'repair',
    slug: 'repair-pdf',
    apiPath: '/api/pdf/repair',
    output: { fileName: 'repaired.pdf', mimeType: PDF, nameSuffix: '-repaired' },
    options: {},
    // qpdf, then MuPDF, then Ghostscript may each read the whole file, and Ghostscript redraw every page of it.
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    errors: [],
    color: 'green',
    // A page torn across, the tear stitched.
    glyph: `${FILE_GLYPH}M7 15l2.5-2 2.5 2 2.5-2 2.5 2M9.5 11.5v3M14.5 11.5v3`,
  },
});

export type Tools = typeof TOOLS;

export type ToolId = keyof Tools;

/** Every tool's id, in the registry's order (the order of the cards, the docs and the sitemap). */
export const TOOL_IDS = Object.keys(TOOLS) as readonly ToolId[];

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && Object.hasOwn(TOOLS, value);
}

/**
 * The tools the site shows, in registry order: those with a page (every tool but one served by its API alone,
 * `hasPage: false`). The site's pages, cards, menus, tool lists and counts and the sitemap are made of these.
 */
export const SITE_TOOL_IDS: readonly ToolId[] = TOOL_IDS.filter(
  (id) => (TOOLS[id] as ToolDefinition).hasPage !== false,
);

/** A tool that reads PDFs (and takes passwords for protected ones). */
export type PdfToolId = { [K in ToolId]: Tools[K]['readsPdf'] extends true ? K : never }[ToolId];

/** The tools that read PDFs, in registry order: every PDF attack of the hardening catalogue goes through each. */
export const PDF_TOOL_IDS: readonly PdfToolId[] = TOOL_IDS.filter(
  (id): id is PdfToolId => TOOLS[id].readsPdf,
);

/** The typed options one tool receives once read: each option's value as its kind reads it (`OptionValue`). */
export type ToolOptions<T extends ToolId> = {
  readonly [K in keyof Tools[T]['options']]: Tools[T]['options'][K] extends OptionSpec
    ? OptionValue<Tools[T]['options'][K]>
    : never;
};

export function getTool(id: ToolId): ToolDefinition {
  return TOOLS[id];
}
