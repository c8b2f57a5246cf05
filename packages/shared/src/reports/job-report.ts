import type { ToolId } from '../tools/tool-ids.ts';
import type { RepairEngine } from './repair-findings.ts';

/**
 * What a visitor should know about a result that did not stop the job, as codes (the site words each in the
 * visitor's language; the API sends them in `X-Notices`):
 * - `FILE_REPAIRED`: a damaged file was repaired before use (`fileIndex` says which);
 * - `ALREADY_OPTIMAL`: compression could save nothing; the original bytes came back;
 * - `PAGES_DOWNSCALED`: `pages` pages were drawn below the asked resolution (at least `dpi`) to stay in the budget;
 * - `IMAGES_DROPPED`: images too large to draw were left out of the pictures of the pages;
 * - `PAGES_ARE_SCANS`: `pages` pages have no text layer (scans) and were kept as pictures, without text;
 * - `SAME_AT_EVERY_LEVEL`: compression found no image a quality level could change, so every level gives this file;
 * - `PASSWORD_REMOVED`: the file (`fileIndex`) opened only with the visitor's password, and the result has none;
 * - `NO_MATCHES`: none of the words searched for was found (Redact PDF); what else was asked was done;
 * - `NO_TEXT_FOUND`: `pages` pages have no text, and none could be read in them (PDF to text: they are empty in the
 *   text file, which is empty when every page is such a page).
 */
export const NOTICE_CODES = [
  'FILE_REPAIRED',
  'ALREADY_OPTIMAL',
  'PAGES_DOWNSCALED',
  'IMAGES_DROPPED',
  'PAGES_ARE_SCANS',
  'SAME_AT_EVERY_LEVEL',
  'PASSWORD_REMOVED',
  'NO_MATCHES',
  'NO_TEXT_FOUND',
] as const;

export type NoticeCode = (typeof NOTICE_CODES)[number];

export type Notice = {
  readonly code: NoticeCode;
  /** The file concerned, by its position in the upload (`file-0`, …; 0 for single-file tools). */
  readonly fileIndex?: number;
  readonly pages?: number;
  readonly dpi?: number;
};

/** The figures each tool reports about its result. */
/** What text recognition read: the pages (`1-3, 7`), how many, and the mean word confidence (0–100). */
export type Recognition = { recognisedPages: string; recognisedCount: number; confidence: number | null };

export type ToolReports = {
  merge: { pageCount: number };
  split: { fileCount: number };
  /** `croppedPages`: pages whose box changed; `blankPages`: pages `auto` found blank and left as they were. */
  crop: { pageCount: number; croppedPages: number; blankPages: number };
  compress: { originalBytes: number; outputBytes: number };
  /** `formFields`: the form fields' widgets drawn into their pages; `annotations`: the other annotations drawn. */
  flatten: { pageCount: number; formFields: number; annotations: number };
  /** `propertiesSet`: how many of title, author, subject and keywords were written; `cleared`: all removed first. */
  metadata: { pageCount: number; propertiesSet: number; cleared: 'true' | 'false' };
  /** `matches`: places where a word searched for was found and removed; `areas`: the boxes removed. */
  redact: { pageCount: number; matches: number; areas: number; preview: 'true' | 'false' };
  /** `placements`: the pictures drawn; `certified`: whether a certificate signature was added. */
  sign: { pageCount: number; placements: number; certified: 'true' | 'false' };
  'pdf-to-word': { pageCount: number; pagesWithoutText: number } & Recognition;
  /**
   * `pageCount`: pages of the PDF read for tables (those chosen); `tableCount`: tables written, a table that runs
   * on over pages counted once; `sheetCount`: sheets of the workbook, one per page where a table starts.
   */
  'pdf-to-excel': { pageCount: number; tableCount: number; sheetCount: number } & Recognition;
  'word-to-pdf': Record<string, never>;
  'excel-to-pdf': Record<string, never>;
  'powerpoint-to-pdf': Record<string, never>;
  'html-to-pdf': { pageCount: number };
  /** `pageCount`: slides made, a page each; `pagesWithoutText`: those with no text, none read in them either. */
  'pdf-to-powerpoint': { pageCount: number; pagesWithoutText: number } & Recognition;
  'pdf-to-jpg': { pageCount: number; downscaledPages: number; minDpi: number };
  'pdf-to-png': { pageCount: number; downscaledPages: number; minDpi: number };
  /** `pagesWithoutText`: pages with no text, none read in them either (scans of no words, drawings, blank pages). */
  'pdf-to-text': { pageCount: number; pagesWithoutText: number } & Recognition;
  /** `level`: the PDF/A level written (`2b`, `1b`, `3b`); `rulesChecked`: how many of our checker's rules it passed. */
  'pdf-to-pdfa': { pageCount: number; level: string; rulesChecked: number };
  'jpg-to-pdf': { pageCount: number };
  rotate: { rotatedPages: number };
  /** `numberedPages`: the pages that carry a number (those of `pages`, or all). */
  'page-numbers': { pageCount: number; numberedPages: number };
  /** `watermarkedPages`: the pages that carry the watermark (those of `pages`, or all). */
  watermark: { pageCount: number; watermarkedPages: number };
  /** `recognisedPages`: the pages read, as a page list (`1-3, 7`); `confidence`: their mean word confidence, 0–100. */
  ocr: { pageCount: number } & Recognition;
  'remove-pages': { pageCount: number; removedPages: number };
  /** `pageCount`: in all its PDFs; `fileCount`: the PDFs of mode `separate`'s zip, 0 for one PDF. */
  'extract-pages': { pageCount: number; fileCount: number };
  organize: { pageCount: number };
  /**
   * Words of the changed version not in the original (`wordsInserted`), of the original not in it (`wordsDeleted`),
   * and put in the place of others (`wordsChanged`); `pagesChanged`: the pages that differ, in words or drawing,
   * inserted and removed pages among them.
   */
  compare: {
    wordsInserted: number;
    wordsDeleted: number;
    wordsChanged: number;
    pagesChanged: number;
    pagesInserted: number;
    pagesDeleted: number;
    pagesDrawingOnly: number;
  };
  /** `permissions`: what readers may still do without the owner password, as sent (`print,copy`), or `none`. */
  protect: { pageCount: number; permissions: string };
  /** `removed`: what the file carried, now gone: the password that opened it, restrictions only, or nothing. */
  unlock: { pageCount: number; removed: 'password' | 'restrictions' | 'nothing' };
  /**
   * `engine`: the engine that wrote the repaired file, or `none` for an intact file, which came back as it was;
   * `problems`: what was wrong, as `REPAIR_PROBLEMS` codes, comma-separated (`writeRepairProblems`), or `none`.
   */
  repair: { pageCount: number; engine: RepairEngine; problems: string };
};

/** What a finished job says about its result: the tool's figures and the notices. */
export type JobReport<T extends ToolId = ToolId> = {
  readonly values: ToolReports[T];
  readonly notices: readonly Notice[];
};

export function isNoticeCode(value: unknown): value is NoticeCode {
  return typeof value === 'string' && (NOTICE_CODES as readonly string[]).includes(value);
}
