/* eslint-disable max-lines -- a list of headers and a table of figures per tool: the file grows with the tools */
import type { ToolId } from '../tools/tool-ids.ts';
import type { Recognition, ToolReports } from './job-report.ts';

/**
 * One header of a tool's answer made from its report: its name, its type and what it says (the API reference's
 * words, in English), and how it is written from the report's figures (null leaves it out).
 */
export type ReportHeaderSpec<V> = {
  readonly header: string;
  readonly type: 'string' | 'integer' | 'number';
  readonly description: string;
  /** Sent only in some cases (the description says when). */
  readonly conditional?: true;
  readonly write: (values: V) => string | null;
};

/** The headers of the tools that read scans (OCR PDF, PDF to Word). */
const RECOGNITION: readonly ReportHeaderSpec<Recognition>[] = [
  {
    header: 'X-Pages-Recognised',
    type: 'integer',
    description: 'How many pages were read (pages with text are left as they are).',
    write: ({ recognisedCount }) => String(recognisedCount),
  },
  {
    header: 'X-Recognised-Page-List',
    type: 'string',
    description: 'Present when pages were read: which, e.g. `1-3, 7`.',
    conditional: true,
    write: ({ recognisedPages }) => (recognisedPages === '' ? null : recognisedPages),
  },
  {
    header: 'X-Ocr-Confidence',
    type: 'number',
    description: 'Present when words were read: their mean confidence, 0 to 100, with one decimal.',
    conditional: true,
    write: ({ confidence }) => (confidence === null ? null : confidence.toFixed(1)),
  },
];

const PAGE_COUNT: ReportHeaderSpec<{ pageCount: number }> = {
  header: 'X-Page-Count',
  type: 'integer',
  description: 'Pages of the result.',
  write: ({ pageCount }) => String(pageCount),
};

/** The pages of a conversion that gave no text (PDF to Word, PDF to PowerPoint, PDF to text). */
const PAGES_WITHOUT_TEXT: ReportHeaderSpec<{ pagesWithoutText: number }> = {
  header: 'X-Pages-Without-Text',
  type: 'integer',
  description:
    'How many pages gave no text: they have none, and no words could be read in them (a Word file keeps them as pictures, a text file leaves them empty).',
  write: ({ pagesWithoutText }) => String(pagesWithoutText),
};

/** Repair PDF's engine, as its header and its figure give it. */
const REPAIR_ENGINE_DESCRIPTION =
  'The engine that rebuilt the file, the gentlest that could: `qpdf` (the structure rebuilt around the objects as they were), `mupdf` (every object still readable written anew) or `ghostscript` (every page redrawn into a new file); `none` when the file was not damaged and came back as it was.';

/** Repair PDF's problems, as its header and its figure give them. */
const REPAIR_PROBLEMS_DESCRIPTION =
  'What was wrong, comma-separated, or `none`: `header` (the file did not start with its PDF header), `cross-reference` (its cross-reference table or trailer was broken or missing), `objects` (parts of the document were damaged, cut short or missing), `stream-lengths` (streams said a wrong length), `streams` (stream data could not be read whole), `page-tree` (its list of pages looped, repeated itself or miscounted), `end` (no end-of-file marker at its end: most often a file cut short), `other` (other damage that was mended).';

/** PDF to JPG's and PDF to PNG's headers: the pages drawn, and those drawn below the resolution asked. */
const PAGE_IMAGE_HEADERS: readonly ReportHeaderSpec<ToolReports['pdf-to-jpg']>[] = [
  PAGE_COUNT,
  {
    header: 'X-Pages-Downscaled',
    type: 'integer',
    description: 'Present when some pages were rendered below the requested resolution: how many.',
    conditional: true,
    write: ({ downscaledPages }) => (downscaledPages > 0 ? String(downscaledPages) : null),
  },
  {
    header: 'X-Render-Dpi-Min',
    type: 'integer',
    description: 'Present with `X-Pages-Downscaled`: the lowest resolution used, in DPI.',
    conditional: true,
    write: ({ downscaledPages, minDpi }) => (downscaledPages > 0 ? String(minDpi) : null),
  },
];

/**
 * The one table of what each tool reports on its answer: the figures of its report (`ToolReports`, which the op
 * fills) become these headers. The server writes them (`reportHeaders`), the API reference and the OpenAPI document
 * describe them from here, and nothing else names them.
 */
export const REPORT_SPECS: { readonly [T in ToolId]: readonly ReportHeaderSpec<ToolReports[T]>[] } = {
  merge: [PAGE_COUNT],
  split: [
    {
      header: 'X-File-Count',
      type: 'integer',
      description: 'PDFs in the zip.',
      write: ({ fileCount }) => String(fileCount),
    },
  ],
  crop: [
    PAGE_COUNT,
    {
      header: 'X-Pages-Cropped',
      type: 'integer',
      description: 'How many pages were cropped (their crop box set).',
      write: ({ croppedPages }) => String(croppedPages),
    },
    {
      header: 'X-Blank-Pages',
      type: 'integer',
      description: 'How many pages `auto` found blank and left as they were; 0 for margins given in points.',
      write: ({ blankPages }) => String(blankPages),
    },
  ],
  compress: [
    {
      header: 'X-Original-Size',
      type: 'integer',
      description: 'Size of the uploaded PDF in bytes.',
      write: ({ originalBytes }) => String(originalBytes),
    },
    {
      header: 'X-Compressed-Size',
      type: 'integer',
      description: 'Size of the answer in bytes.',
      write: ({ outputBytes }) => String(outputBytes),
    },
    {
      header: 'X-Compression-Ratio',
      type: 'number',
      description:
        'The reduction in percent with one decimal, e.g. `63.4` (`0.0` when the original came back).',
      write: ({ originalBytes, outputBytes }) =>
        originalBytes > 0 ? ((1 - outputBytes / originalBytes) * 100).toFixed(1) : '0.0',
    },
    {
      header: 'X-Compression-Skipped',
      type: 'string',
      description: 'Present when nothing could be saved and the original bytes came back: `already-optimal`.',
      conditional: true,
      write: ({ originalBytes, outputBytes }) => (outputBytes >= originalBytes ? 'already-optimal' : null),
    },
  ],
  flatten: [
    PAGE_COUNT,
    {
      header: 'X-Form-Fields-Flattened',
      type: 'integer',
      description:
        'How many form fields (each widget, as drawn on its page) became part of their page; 0 for `what=annotations`.',
      write: ({ formFields }) => String(formFields),
    },
    {
      header: 'X-Annotations-Flattened',
      type: 'integer',
      description:
        'How many annotations other than form fields (comments, highlights, stamps, drawings) became part of their page; 0 for `what=forms`. Links stay links and are not counted.',
      write: ({ annotations }) => String(annotations),
    },
  ],
  metadata: [
    PAGE_COUNT,
    {
      header: 'X-Properties-Set',
      type: 'integer',
      description: 'How many of `title`, `author`, `subject` and `keywords` were written.',
      write: ({ propertiesSet }) => String(propertiesSet),
    },
    {
      header: 'X-Metadata-Cleared',
      type: 'string',
      description: '`true` when all document metadata was removed first (`clear=true`), else `false`.',
      write: ({ cleared }) => cleared,
    },
  ],
  redact: [
    PAGE_COUNT,
    {
      header: 'X-Matches-Redacted',
      type: 'integer',
      description: 'How many places where a word or phrase of `search` was found were removed.',
      write: ({ matches }) => String(matches),
    },
    {
      header: 'X-Areas-Redacted',
      type: 'integer',
      description: 'How many boxes of `areas` were removed.',
      write: ({ areas }) => String(areas),
    },
  ],
  sign: [
    PAGE_COUNT,
    {
      header: 'X-Signatures-Placed',
      type: 'integer',
      description: 'How many pictures of `placements` were drawn on their pages.',
      write: ({ placements }) => String(placements),
    },
    {
      header: 'X-Certificate-Signed',
      type: 'string',
      description:
        '`true` when the document carries a certificate signature made with `certificate`, else `false`.',
      write: ({ certified }) => certified,
    },
  ],
  'pdf-to-word': [PAGE_COUNT, PAGES_WITHOUT_TEXT, ...RECOGNITION],
  'pdf-to-excel': [
    {
      header: 'X-Pages-Read',
      type: 'integer',
      description: 'How many pages were read for tables (those of `pages`, or all).',
      write: ({ pageCount }) => String(pageCount),
    },
    {
      header: 'X-Table-Count',
      type: 'integer',
      description: 'How many tables the workbook holds (a table running on over pages counts once).',
      write: ({ tableCount }) => String(tableCount),
    },
    {
      header: 'X-Sheet-Count',
      type: 'integer',
      description: 'How many sheets the workbook has: one for each page on which a table starts.',
      write: ({ sheetCount }) => String(sheetCount),
    },
    ...RECOGNITION,
  ],
  'word-to-pdf': [],
  'excel-to-pdf': [],
  'powerpoint-to-pdf': [],
  'html-to-pdf': [PAGE_COUNT],
  'pdf-to-powerpoint': [PAGE_COUNT, PAGES_WITHOUT_TEXT, ...RECOGNITION],
  'pdf-to-jpg': PAGE_IMAGE_HEADERS,
  'pdf-to-png': PAGE_IMAGE_HEADERS,
  'pdf-to-text': [PAGE_COUNT, PAGES_WITHOUT_TEXT, ...RECOGNITION],
  'pdf-to-pdfa': [
    PAGE_COUNT,
    {
      header: 'X-Pdfa-Level',
      type: 'string',
      description: 'The PDF/A level of the result: `2b`, `1b` or `3b`.',
      write: ({ level }) => level,
    },
    {
      header: 'X-Pdfa-Rules-Checked',
      type: 'integer',
      description: 'How many rules of that level were checked on the result (all passed).',
      write: ({ rulesChecked }) => String(rulesChecked),
    },
  ],
  'jpg-to-pdf': [PAGE_COUNT],
  rotate: [
    {
      header: 'X-Pages-Rotated',
      type: 'integer',
      description: 'How many pages were turned.',
      write: ({ rotatedPages }) => String(rotatedPages),
    },
  ],
  'page-numbers': [
    PAGE_COUNT,
    {
      header: 'X-Pages-Numbered',
      type: 'integer',
      description: 'How many pages carry a number (those of `pages`, or all).',
      write: ({ numberedPages }) => String(numberedPages),
    },
  ],
  watermark: [
    PAGE_COUNT,
    {
      header: 'X-Pages-Watermarked',
      type: 'integer',
      description: 'How many pages carry the watermark (those of `pages`, or all).',
      write: ({ watermarkedPages }) => String(watermarkedPages),
    },
  ],
  ocr: [PAGE_COUNT, ...RECOGNITION],
  'remove-pages': [
    PAGE_COUNT,
    {
      header: 'X-Pages-Removed',
      type: 'integer',
      description: 'How many pages were removed (each once, however often the list names it).',
      write: ({ removedPages }) => String(removedPages),
    },
  ],
  'extract-pages': [
    PAGE_COUNT,
    {
      header: 'X-File-Count',
      type: 'integer',
      description: 'PDFs in the zip.',
      conditional: true,
      write: ({ fileCount }) => (fileCount > 0 ? String(fileCount) : null),
    },
  ],
  organize: [PAGE_COUNT],
  compare: [
    {
      header: 'X-Words-Inserted',
      type: 'integer',
      description:
        'Words of the changed version (`file-1`) that are not in the original (`file-0`), pages inserted included.',
      write: ({ wordsInserted }) => String(wordsInserted),
    },
    {
      header: 'X-Words-Deleted',
      type: 'integer',
      description: 'Words of the original that are not in the changed version, pages removed included.',
      write: ({ wordsDeleted }) => String(wordsDeleted),
    },
    {
      header: 'X-Words-Changed',
      type: 'integer',
      description: 'Words of the original replaced by others in the same place of the changed version.',
      write: ({ wordsChanged }) => String(wordsChanged),
    },
    {
      header: 'X-Pages-Changed',
      type: 'integer',
      description:
        'How many pages differ, in words or in drawing, pages inserted and removed included; 0 when the files are the same.',
      write: ({ pagesChanged }) => String(pagesChanged),
    },
    {
      header: 'X-Pages-Inserted',
      type: 'integer',
      description: 'Pages of the changed version with no version in the original.',
      write: ({ pagesInserted }) => String(pagesInserted),
    },
    {
      header: 'X-Pages-Deleted',
      type: 'integer',
      description: 'Pages of the original with no version in the changed version.',
      write: ({ pagesDeleted }) => String(pagesDeleted),
    },
    {
      header: 'X-Pages-Drawing-Only',
      type: 'integer',
      description: 'Pages with the same words in both whose drawing differs (a picture, a line, a colour).',
      write: ({ pagesDrawingOnly }) => String(pagesDrawingOnly),
    },
  ],
  protect: [
    PAGE_COUNT,
    {
      header: 'X-Permissions',
      type: 'string',
      description:
        'What readers may still do without the owner password: some of `print`, `copy`, `edit`, `annotate` and `forms`, joined by commas, or `none`.',
      write: ({ permissions }) => permissions,
    },
  ],
  unlock: [
    PAGE_COUNT,
    {
      header: 'X-Protection-Removed',
      type: 'string',
      description:
        'What was removed: `password` (the file needed one to open), `restrictions` (it opened without one, but limited printing, copying or changes) or `nothing` (it was not encrypted).',
      write: ({ removed }) => removed,
    },
  ],
  repair: [
    PAGE_COUNT,
    {
      header: 'X-Repair-Engine',
      type: 'string',
      description: REPAIR_ENGINE_DESCRIPTION,
      write: ({ engine }) => engine,
    },
    {
      header: 'X-Repair-Problems',
      type: 'string',
      description: REPAIR_PROBLEMS_DESCRIPTION,
      write: ({ problems }) => problems,
    },
  ],
};

/**
 * One figure of a tool's report as the job view carries it (`result.report` of `GET /api/v1/jobs/{id}`): its JSON
 * type, whether it may be null, and what it says (the API reference's words, in English).
 */
export type ReportFigureSpec = {
  readonly type: 'string' | 'integer' | 'number';
  readonly isNullable?: true;
  readonly description: string;
};

/** Every figure of a tool's report (`ToolReports`), each described once: a figure left out does not compile. */
type ReportFigureSpecs = {
  readonly [T in ToolId]: { readonly [K in keyof ToolReports[T]]-?: ReportFigureSpec };
};

const RECOGNITION_FIGURES: { readonly [K in keyof Recognition]: ReportFigureSpec } = {
  recognisedCount: {
    type: 'integer',
    description: 'How many pages were read (pages with text are left as they are).',
  },
  recognisedPages: {
    type: 'string',
    description: 'Which pages were read, e.g. `1-3, 7`; empty when none was.',
  },
  confidence: {
    type: 'number',
    isNullable: true,
    description: 'The mean confidence of the words read, 0 to 100; null when no word was read.',
  },
};

const PAGE_COUNT_FIGURE: ReportFigureSpec = { type: 'integer', description: 'Pages of the result.' };

const PAGES_WITHOUT_TEXT_FIGURE: ReportFigureSpec = {
  type: 'integer',
  description: PAGES_WITHOUT_TEXT.description,
};

/** PDF to JPG's and PDF to PNG's figures. */
const PAGE_IMAGE_FIGURES: { readonly [K in keyof ToolReports['pdf-to-jpg']]-?: ReportFigureSpec } = {
  pageCount: PAGE_COUNT_FIGURE,
  downscaledPages: {
    type: 'integer',
    description: 'How many pages were rendered below the requested resolution (0 when none was).',
  },
  minDpi: {
    type: 'integer',
    description: 'The lowest resolution used, in DPI: the requested one when no page was downscaled.',
  },
};

/**
 * The figures of each tool's report as the job view gives them, in JSON (numbers as numbers): the same facts as the
 * headers of `REPORT_SPECS`, unrounded. The job view's JSON Schema describes `result.report` from here.
 */
export const REPORT_FIGURES: ReportFigureSpecs = {
  merge: { pageCount: PAGE_COUNT_FIGURE },
  split: { fileCount: { type: 'integer', description: 'PDFs in the zip.' } },
  crop: {
    pageCount: PAGE_COUNT_FIGURE,
    croppedPages: { type: 'integer', description: 'How many pages were cropped (their crop box set).' },
    blankPages: {
      type: 'integer',
      description: 'How many pages `auto` found blank and left as they were; 0 for margins given in points.',
    },
  },
  compress: {
    originalBytes: { type: 'integer', description: 'Size of the uploaded PDF in bytes.' },
    outputBytes: {
      type: 'integer',
      description: 'Size of the result in bytes: the original’s when nothing could be saved.',
    },
  },
  flatten: {
    pageCount: PAGE_COUNT_FIGURE,
    formFields: {
      type: 'integer',
      description:
        'How many form fields (each widget, as drawn on its page) became part of their page; 0 for `what=annotations`.',
    },
    annotations: {
      type: 'integer',
      description:
        'How many annotations other than form fields (comments, highlights, stamps, drawings) became part of their page; 0 for `what=forms`. Links stay links and are not counted.',
    },
  },
  metadata: {
    pageCount: PAGE_COUNT_FIGURE,
    propertiesSet: {
      type: 'integer',
      description: 'How many of `title`, `author`, `subject` and `keywords` were written.',
    },
    cleared: {
      type: 'string',
      description: '`true` when all document metadata was removed first (`clear=true`), else `false`.',
    },
  },
  redact: {
    pageCount: PAGE_COUNT_FIGURE,
    matches: {
      type: 'integer',
      description: 'How many places where a word or phrase of `search` was found were removed.',
    },
    areas: { type: 'integer', description: 'How many boxes of `areas` were removed.' },
    preview: {
      type: 'string',
      description:
        '`true` when the result is the list of matches (`preview=true`, JSON) and nothing was removed, else `false`.',
    },
  },
  sign: {
    pageCount: PAGE_COUNT_FIGURE,
    placements: {
      type: 'integer',
      description: 'How many pictures of `placements` were drawn on their pages.',
    },
    certified: {
      type: 'string',
      description:
        '`true` when the document carries a certificate signature made with `certificate`, else `false`.',
    },
  },
  'pdf-to-word': {
    pageCount: PAGE_COUNT_FIGURE,
    pagesWithoutText: PAGES_WITHOUT_TEXT_FIGURE,
    ...RECOGNITION_FIGURES,
  },
  'pdf-to-excel': {
    pageCount: { type: 'integer', description: 'Pages of the PDF read for tables: those chosen, or all.' },
    tableCount: {
      type: 'integer',
      description: 'Tables written to the workbook (a table running on over pages counts once).',
    },
    sheetCount: {
      type: 'integer',
      description: 'Sheets of the workbook: one per page on which a table starts.',
    },
    ...RECOGNITION_FIGURES,
  },
  'word-to-pdf': {},
  'excel-to-pdf': {},
  'powerpoint-to-pdf': {},
  'html-to-pdf': { pageCount: PAGE_COUNT_FIGURE },
  'pdf-to-powerpoint': {
    pageCount: { type: 'integer', description: 'Slides of the presentation: one for each page converted.' },
    pagesWithoutText: PAGES_WITHOUT_TEXT_FIGURE,
    ...RECOGNITION_FIGURES,
  },
  'pdf-to-jpg': PAGE_IMAGE_FIGURES,
  'pdf-to-png': PAGE_IMAGE_FIGURES,
  'pdf-to-text': {
    pageCount: { type: 'integer', description: 'Pages of the PDF, each one page of the text.' },
    pagesWithoutText: PAGES_WITHOUT_TEXT_FIGURE,
    ...RECOGNITION_FIGURES,
  },
  'pdf-to-pdfa': {
    pageCount: PAGE_COUNT_FIGURE,
    level: {
      type: 'string',
      description: 'The PDF/A level the result is written in and identifies itself as: `2b`, `1b` or `3b`.',
    },
    rulesChecked: {
      type: 'integer',
      description: 'How many rules of that level our checker verified on the result (all passed).',
    },
  },
  'jpg-to-pdf': { pageCount: PAGE_COUNT_FIGURE },
  rotate: { rotatedPages: { type: 'integer', description: 'How many pages were turned.' } },
  'page-numbers': {
    pageCount: PAGE_COUNT_FIGURE,
    numberedPages: {
      type: 'integer',
      description: 'How many pages carry a number (those of `pages`, or all).',
    },
  },
  watermark: {
    pageCount: PAGE_COUNT_FIGURE,
    watermarkedPages: {
      type: 'integer',
      description: 'How many pages carry the watermark (those of `pages`, or all).',
    },
  },
  ocr: { pageCount: PAGE_COUNT_FIGURE, ...RECOGNITION_FIGURES },
  'remove-pages': {
    pageCount: PAGE_COUNT_FIGURE,
    removedPages: { type: 'integer', description: 'How many pages were removed.' },
  },
  'extract-pages': {
    pageCount: { type: 'integer', description: 'Pages of the result, in all its PDFs.' },
    fileCount: {
      type: 'integer',
      description: 'PDFs in the zip of mode `separate`; 0 for mode `one`, whose result is one PDF.',
    },
  },
  organize: { pageCount: PAGE_COUNT_FIGURE },
  compare: {
    wordsInserted: {
      type: 'integer',
      description:
        'Words of the changed version (`file-1`) that are not in the original (`file-0`), pages inserted included.',
    },
    wordsDeleted: {
      type: 'integer',
      description: 'Words of the original that are not in the changed version, pages removed included.',
    },
    wordsChanged: {
      type: 'integer',
      description: 'Words of the original replaced by others in the same place of the changed version.',
    },
    pagesChanged: {
      type: 'integer',
      description:
        'How many pages differ, in words or in drawing, pages inserted and removed included; 0 when the files are the same.',
    },
    pagesInserted: {
      type: 'integer',
      description: 'Pages of the changed version with no version in the original.',
    },
    pagesDeleted: {
      type: 'integer',
      description: 'Pages of the original with no version in the changed version.',
    },
    pagesDrawingOnly: {
      type: 'integer',
      description: 'Pages with the same words in both whose drawing differs (a picture, a line, a colour).',
    },
  },
  protect: {
    pageCount: PAGE_COUNT_FIGURE,
    permissions: {
      type: 'string',
      description:
        'What readers may still do without the owner password: some of `print`, `copy`, `edit`, `annotate` and `forms`, joined by commas, or `none`.',
    },
  },
  unlock: {
    pageCount: PAGE_COUNT_FIGURE,
    removed: {
      type: 'string',
      description:
        'What was removed: `password` (the file needed one to open), `restrictions` (it opened without one, but limited printing, copying or changes) or `nothing` (it was not encrypted).',
    },
  },
  repair: {
    pageCount: { type: 'integer', description: 'Pages of the result: every page the file still held.' },
    engine: { type: 'string', description: REPAIR_ENGINE_DESCRIPTION },
    problems: { type: 'string', description: REPAIR_PROBLEMS_DESCRIPTION },
  },
};

/** The header that lists a result's notices: `FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212`. */
export const NOTICES_HEADER = 'X-Notices';

/** Sent with any tool's result that has something to say (the site shows each notice in the visitor's language). */
export const NOTICES_HEADER_SPEC: Omit<ReportHeaderSpec<unknown>, 'write'> = {
  header: NOTICES_HEADER,
  description:
    'Present when there is something to know about the result: comma-separated codes with their facts, e.g. `FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212`. `FILE_REPAIRED`: a damaged file (`file`: its position) was repaired. `ALREADY_OPTIMAL`: nothing could be saved; the original came back. `PAGES_DOWNSCALED`: `pages` pages were drawn at `dpi` or more, below the resolution asked. `IMAGES_DROPPED`: images too large to draw were left out. `PAGES_ARE_SCANS`: `pages` pages have no text layer and were kept as pictures.' +
    ' `SAME_AT_EVERY_LEVEL`: the file has no image a compression level could change, so every level gives the same result.' +
    ' `PASSWORD_REMOVED`: the file (`file`: its position) opened only with its password; the result has none.' +
    ' `NO_TEXT_FOUND`: `pages` pages have no text and no words could be read in them; they are empty in the text file.',
  type: 'string',
  conditional: true,
};
