import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, MAX_PAGE_TREE_NODES } from '@quire/shared';
import { readPageTree, type PageTreeReading } from '../mupdf/read-page-tree.ts';
import type { InputFile, JobContext } from '../ops/types.ts';
import type { ProcessResult } from '../process/run-process.ts';
import { QPDF_EXIT, isQpdfSuccess, runQpdf } from './run-qpdf.ts';

export type PdfInfo = {
  /** Pages counted from the page tree; every engine processes exactly these in the file at `path`. */
  pageCount: number;
  /** The file was repaired (broken xref, missing startxref, a page tree that lied about itself, …) to read it. */
  wasRepaired: boolean;
  /** The password that opens the file at `path`: the visitor's, or none when it opens without one. */
  password: string | undefined;
  /**
   * The upload opens only with a password (the visitor's, which opened it), whether or not the copy at `path` still
   * needs it. What a tool writes from it has none (`PASSWORD_REMOVED`), unless it hands the upload itself back.
   */
  wasProtected: boolean;
  /**
   * The file the tools must read: the upload itself, or a repaired, decrypted copy in the job's directory when the
   * upload was damaged or its page tree was not one every engine reads the same way.
   */
  path: string;
};

type FileDetails = { fileIndex: number; fileName: string };

/**
 * Checks that an upload is a PDF this service can process and counts its pages, before any heavy work. qpdf opens
 * it first (passwords, damage); the pages are then counted from the page tree itself, never from /Count, in
 * bounded time and memory (`walkPageTree`). Throws the right AppError, naming the file, for a missing or wrong
 * password, a file damaged beyond repair, a page tree that loops or lists one of its parts twice, a file without
 * pages, or one with more than `maxPages` (the calling tool's own cap, `TOOLS[id].maxPages`: `MAX_PAGES` for page
 * assembly, fewer for tools that render or convert every page) or a page tree of more than `MAX_PAGE_TREE_NODES` other entries.
 *
 * The engines do not agree on a page tree that lies (qpdf's page operations walk it; MuPDF, poppler and
 * `qpdf --show-npages` believe its /Count), so such a tree is rewritten first: one root listing the pages the walk
 * found, with a true /Count (`flattenPageTree`). The tools then read that copy (`path`) and process exactly the
 * counted pages. A damaged file is likewise read through qpdf's repaired copy, so all engines see qpdf's repair.
 * Files protected only by an owner password open without asking, even when the visitor sent a password that does
 * not fit.
 */
export async function inspectPdf(
  file: InputFile,
  fileIndex: number,
  ctx: JobContext,
  maxPages: number,
): Promise<PdfInfo> {
  const details: FileDetails = { fileIndex, fileName: file.name };
  const opened = await openWithQpdf(file, details, ctx);
  const wasProtected = opened.password !== undefined;
  let source = { path: file.path, password: opened.password };
  if (opened.wasRepaired) source = await writeQpdfCopy(file, source.password, details, ctx);
  let reading = await readPageTree(source.path, source.password, maxPages, true);
  if (reading.status === 'unreadable' && source.path === file.path) {
    // MuPDF cannot read the file as qpdf did (it repaired what qpdf found whole): all read qpdf's rewrite.
    source = await writeQpdfCopy(file, source.password, details, ctx);
    reading = await readPageTree(source.path, undefined, maxPages, true);
  }
  const counted = checkReading(reading, file, details, maxPages);
  if (counted.isSound) {
    return { pageCount: counted.pageCount, wasRepaired: opened.wasRepaired, wasProtected, ...source };
  }

  const flatPath = join(ctx.workDir, `pages-${randomUUID()}.pdf`);
  await writeFile(flatPath, counted.flattened ?? new Uint8Array());
  if (source.path !== file.path) await rm(source.path, { force: true });
  const check = await readPageTree(flatPath, undefined, maxPages);
  if (check.status !== 'counted' || !check.isSound || check.pageCount !== counted.pageCount) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  return {
    pageCount: counted.pageCount,
    wasRepaired: true,
    wasProtected,
    password: undefined,
    path: flatPath,
  };
}

/** The refusals a page tree reading calls for; otherwise the counted reading. */
function checkReading(
  reading: PageTreeReading,
  file: InputFile,
  details: FileDetails,
  maxPages: number,
): Extract<PageTreeReading, { status: 'counted' }> {
  switch (reading.status) {
    case 'too-many-pages':
      throw new AppError('DOCUMENT_TOO_COMPLEX', `"${file.name}" has more than ${maxPages} pages.`, {
        ...details,
        maxPages,
      });
    case 'too-many-nodes':
      throw new AppError(
        'DOCUMENT_TOO_COMPLEX',
        `"${file.name}" has a page tree of more than ${MAX_PAGE_TREE_NODES} nodes; documents can have up to ${maxPages} pages.`,
        { ...details, maxPages, maxPageTreeNodes: MAX_PAGE_TREE_NODES },
      );
    case 'revisited':
      throw new AppError(
        'FILE_DAMAGED',
        `"${file.name}" is damaged: its page tree loops back on itself or lists a part of itself twice.`,
        details,
      );
    case 'unreadable':
      throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
    case 'counted':
      if (reading.pageCount === 0) {
        throw new AppError('FILE_DAMAGED', `"${file.name}" has no readable pages.`, details);
      }
      return reading;
  }
}

/**
 * Opens the file with qpdf: which password opens it (the visitor's, or none for a file without one or locked only
 * against editing) and whether qpdf had to repair it. `--show-npages` prints the root's /Count, which is not used:
 * qpdf reads nothing of the page tree for it, so this costs the same whatever the tree holds.
 */
async function openWithQpdf(
  file: InputFile,
  details: FileDetails,
  ctx: JobContext,
): Promise<{ password: string | undefined; wasRepaired: boolean }> {
  let password = file.password || undefined;
  let result = await showPageCount(file.path, password, ctx);
  if (isPasswordRefused(result) && password !== undefined) {
    password = undefined;
    result = await showPageCount(file.path, undefined, ctx);
    if (isPasswordRefused(result)) {
      throw new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details);
    }
  }
  if (isPasswordRefused(result)) {
    throw new AppError('PASSWORD_REQUIRED', `"${file.name}" is protected by a password.`, details);
  }
  if (!isQpdfSuccess(result)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  // qpdf reads only the trailer, the catalog and the page tree's root here; out of memory decoding one of them (an
  // object stream inflating to gigabytes), it goes on with no page tree. Its repaired copy would decode the same
  // stream up to the same memory cap, seconds more, and have no pages either.
  if (result.exitCode === QPDF_EXIT.warnings && /\bstd::bad_alloc\b/.test(result.stderr)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" has no readable pages.`, details);
  }
  return { password, wasRepaired: result.exitCode === QPDF_EXIT.warnings };
}

/** `qpdf --show-npages`, its warnings written: they tell why a file needed repair. */
function showPageCount(path: string, password: string | undefined, ctx: JobContext): Promise<ProcessResult> {
  return runQpdf(
    ['--show-npages', ...(password === undefined ? [] : [`--password=${password}`]), path],
    ctx,
    {
      withWarnings: true,
    },
  );
}

/** qpdf reports a missing or wrong password as an error whose message ends in "invalid password". */
function isPasswordRefused(result: ProcessResult): boolean {
  return result.exitCode === QPDF_EXIT.error && /: invalid password\s*$/m.test(result.stderr);
}

/** qpdf's repaired, decrypted rewrite of the upload, in the job's directory. It does not walk the page tree. */
async function writeQpdfCopy(
  file: InputFile,
  password: string | undefined,
  details: FileDetails,
  ctx: JobContext,
): Promise<{ path: string; password: undefined }> {
  const path = join(ctx.workDir, `repaired-${randomUUID()}.pdf`);
  const passwordArgs = password === undefined ? [] : [`--password=${password}`];
  const result = await runQpdf([...passwordArgs, '--decrypt', file.path, path], ctx);
  if (!isQpdfSuccess(result)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be repaired.`, details);
  }
  return { path, password: undefined };
}
