import type { FileKind } from '../files/file-kinds.ts';
import {
  CONVERT_PAGE_TIMEOUT_MS,
  JOB_TIMEOUT_MS,
  MAX_CONVERT_PAGES,
  MAX_FILE_BYTES,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_FILES,
  MAX_MERGE_FILES,
  MAX_OCR_PAGES,
  MAX_PAGES,
  MAX_RENDER_PAGES,
  MAX_REQUEST_BYTES,
  OCR_PAGE_TIMEOUT_MS,
} from '../limits.ts';
import { MAX_OCR_LANGUAGES, OCR_LANGUAGES } from './ocr-languages.ts';
import type { OptionSpec, OptionValue } from './option-specs.ts';

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
  readonly output: { readonly fileName: string; readonly mimeType: string };
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Option fields the status probe sends beyond each option's starting value: the cheapest setting. */
  readonly probeFields?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /**
   * Which set of workers runs the tool: `pdf` (worker processes, one job per core), `office` (each worker keeps a
   * LibreOffice warm, one conversion at a time) or `ocr` (text recognition, minutes long: it must never hold up the
   * others). Each lane has its own concurrency and queue.
   */
  readonly lane: JobLane;
  /** Card accent colour (spec section 3). */
  readonly color: 'red' | 'blue' | 'green' | 'purple' | 'orange' | 'pink' | 'teal' | 'indigo';
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
const QUALITY = { kind: 'enum', values: ['high', 'medium', 'low'], default: 'medium' } as const;

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

/** The languages a document with scanned pages is written in, for the tools that read scans. */
const DOCUMENT_LANGUAGES = {
  kind: 'language-list',
  values: OCR_LANGUAGES,
  maxItems: MAX_OCR_LANGUAGES,
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
    output: { fileName: 'merged.pdf', mimeType: PDF },
    options: {},
    color: 'red',
  },
  split: {
    ...onePdf,
    id: 'split',
    slug: 'split-pdf',
    apiPath: '/api/pdf/split',
    output: { fileName: 'split-pages.zip', mimeType: ZIP },
    options: {
      mode: { kind: 'enum', values: ['pages', 'range'], default: 'pages' },
      pageRange: { kind: 'page-list', requiredWhen: { option: 'mode', value: 'range' } },
    },
    color: 'blue',
  },
  compress: {
    ...onePdf,
    id: 'compress',
    slug: 'compress-pdf',
    apiPath: '/api/pdf/compress',
    output: { fileName: 'compressed.pdf', mimeType: PDF },
    options: { quality: QUALITY },
    color: 'green',
  },
  'pdf-to-word': {
    ...onePdf,
    id: 'pdf-to-word',
    slug: 'pdf-to-word',
    apiPath: '/api/pdf/to-word',
    output: { fileName: 'converted.docx', mimeType: DOCX },
    maxPages: MAX_CONVERT_PAGES,
    // The languages of its scanned pages, which it reads as OCR PDF does.
    options: { language: DOCUMENT_LANGUAGES },
    // Two minutes for the document, a budget per page and one per scanned page (the op sets its own limit once it
    // has counted them).
    timeoutMs:
      2 * JOB_TIMEOUT_MS + MAX_CONVERT_PAGES * CONVERT_PAGE_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    color: 'purple',
  },
  'word-to-pdf': {
    ...onePdf,
    id: 'word-to-pdf',
    slug: 'word-to-pdf',
    apiPath: '/api/pdf/from-word',
    accepts: ['word'],
    readsPdf: false,
    maxPages: null,
    output: { fileName: 'converted.pdf', mimeType: PDF },
    options: {},
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    lane: 'office',
    color: 'orange',
  },
  'pdf-to-jpg': {
    ...onePdf,
    id: 'pdf-to-jpg',
    slug: 'pdf-to-jpg',
    apiPath: '/api/pdf/to-jpg',
    output: { fileName: 'pdf-images.zip', mimeType: ZIP },
    maxPages: MAX_RENDER_PAGES,
    options: { quality: QUALITY },
    probeFields: { quality: 'low' },
    timeoutMs: 2 * JOB_TIMEOUT_MS,
    color: 'pink',
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
    output: { fileName: 'converted.pdf', mimeType: PDF },
    options: {
      pageSize: { kind: 'enum', values: ['fit', 'a4', 'letter'], default: 'fit' },
      margin: { kind: 'enum', values: ['none', 'small'], default: 'none' },
    },
    color: 'teal',
  },
  rotate: {
    ...onePdf,
    id: 'rotate',
    slug: 'rotate-pdf',
    apiPath: '/api/pdf/rotate',
    output: { fileName: 'rotated.pdf', mimeType: PDF },
    options: {
      angle: { kind: 'enum', values: ['90', '180', '270'] },
      pages: { kind: 'page-list' },
    },
    color: 'indigo',
  },
  ocr: {
    ...onePdf,
    id: 'ocr',
    slug: 'ocr-pdf',
    apiPath: '/api/pdf/ocr',
    output: { fileName: 'searchable.pdf', mimeType: PDF },
    maxPages: MAX_OCR_PAGES,
    options: { language: DOCUMENT_LANGUAGES },
    // A minute for the document and a budget per page (the op gives a document the time of its own pages).
    timeoutMs: JOB_TIMEOUT_MS + MAX_OCR_PAGES * OCR_PAGE_TIMEOUT_MS,
    lane: 'ocr',
    color: 'blue',
  },
});

export type Tools = typeof TOOLS;

export type ToolId = keyof Tools;

/** Every tool's id, in the registry's order (the order of the cards, the docs and the sitemap). */
export const TOOL_IDS = Object.keys(TOOLS) as readonly ToolId[];

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && Object.hasOwn(TOOLS, value);
}

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

/** Field name of the n-th uploaded file (0-based). */
export function fileFieldName(tool: ToolDefinition, index: number): string {
  return tool.fileField === 'single' ? 'file' : `file-${index}`;
}

/** Field name of the password for the n-th uploaded file (0-based). */
export function passwordFieldName(tool: ToolDefinition, index: number): string {
  return tool.fileField === 'single' ? 'password' : `password-${index}`;
}

/** The last segment of a tool's endpoint path (`to-jpg` for `/api/pdf/to-jpg`): the name a developer sees first. */
export function toolRouteName(toolId: ToolId): string {
  return TOOLS[toolId].apiPath.split('/').pop() as string;
}

/**
 * The tool a job names in its `tool` field: its id (`pdf-to-jpg`) or the name in its endpoint's path (`to-jpg`);
 * null for anything else.
 */
export function toolOfName(name: unknown): ToolId | null {
  if (typeof name !== 'string') return null;
  return TOOL_IDS.find((id) => id === name || toolRouteName(id) === name) ?? null;
}
