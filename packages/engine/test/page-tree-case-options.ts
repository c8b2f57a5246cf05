// Options of the tools the page-cap cases run (`src/ops/page-tree-caps.test.ts`), and readers of their results, apart
// from the cases themselves.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { AppError, type PageLayout } from '@quire/shared';
import { strFromU8, unzipSync } from 'fflate';
import { expect } from 'vitest';

/** Add page numbers' numbering of every page. */
export const PAGE_NUMBER_OPTIONS = {
  position: 'bottom-center',
  format: 'page {n}/{total}',
  start: 1,
  pages: undefined,
  fontSize: 12,
  margin: 28,
} as const;

/** PDF properties' clearing of every property. */
export const CLEAR_METADATA = {
  title: undefined,
  author: undefined,
  subject: undefined,
  keywords: undefined,
  clear: 'true',
} as const;
/** Redact PDF's search for a word, nothing else. */
export const REDACT_MINUTES = {
  search: ['minutes'],
  regex: 'false',
  areas: [],
  fill: '#000000',
  preview: 'false',
  skip: [],
} as const;

/** Compare PDFs' report in English, whose summary names the pages of each file. */
export const COMPARE_OPTIONS = { reportLanguage: 'en' } as const;

/** The pages of the changed version (`file-1`) a comparison read, as its report's summary gives them. */
export function changedPagesRead(reportPath: string): number {
  const summary = execFileSync('pdftotext', ['-f', '1', '-l', '1', reportPath, '-'], { encoding: 'utf8' });
  return Number(/Changed version: \S+ \((\d+) pages\)/.exec(summary)?.[1]);
}

/** PDF to Excel's reading of every page, scans in English. */
export const ALL_PAGES_EN = { pages: undefined, language: ['en'] } as const;

/**
 * The sheets of the workbook PDF to Excel wrote: one for each page of the page-cap files, whose every page holds the
 * same small table (a table at the head of the next page without a header of its own is another table).
 */
export async function sheetCount(result: { path: string }): Promise<number> {
  const workbook = strFromU8(unzipSync(await readFile(result.path))['xl/workbook.xml'] ?? new Uint8Array());
  return workbook.match(/<sheet /g)?.length ?? 0;
}

/**
 * A layout of every page qpdf finds walking a PDF's page tree (its JSON's pages, not /Count), the last first; page 1
 * alone where qpdf cannot read the tree.
 */
export function lastPageFirst(path: string, password?: string): PageLayout {
  const args = ['--json', '--json-key=pages', ...(password ? [`--password=${password}`] : []), path];
  const shown = spawnSync('qpdf', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const count =
    shown.status === 0 || shown.status === 3
      ? (JSON.parse(shown.stdout) as { pages: unknown[] }).pages.length
      : 1;
  return Array.from({ length: count }, (_, index) => ({ file: 0, page: count - index, rotate: 0 }));
}

/** The AppError a tool's run is refused with (the run must fail with one). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
