import { copyFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS, writeRepairProblems, type RepairEngine, type RepairProblem } from '@quire/shared';
import { hasOversizeMetadata } from '../mupdf/oversize-metadata.ts';
import { readPageTree } from '../mupdf/read-page-tree.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { QPDF_EXIT, isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { edgeProblems, mupdfProblems, qpdfProblems } from '../repair/find-problems.ts';
import { drawsAnything, rebuildWithGhostscript, rebuildWithMupdf } from '../repair/rebuild.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile, JobContext } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): qpdf reads and rewrites every object twice (the file, then its
 * rebuild checked as every tool inspects a file), as Unlock PDF's once.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 6, perInputMiBMs: 80 };

type Rebuilt = { engine: Exclude<RepairEngine, 'none'>; info: PdfInfo };

/**
 * Repairs a damaged PDF with the gentlest engine that can, and says what was wrong with it
 * (`REPAIR_PROBLEMS` codes, from what qpdf and MuPDF report and the file's own first and last bytes) and which engine
 * rebuilt it. qpdf first: it rebuilds the structure (the cross-reference table, lengths, broken objects) around the
 * objects as they were. Where qpdf cannot open the file, or what it writes is not a file every tool reads, MuPDF
 * writes anew every object it can still reach; where MuPDF cannot either, Ghostscript redraws whatever pages it can
 * read into a new file. A rebuild counts only once it passes the inspection every tool makes of its upload
 * (`inspectPdf`: one that needs no repair of its own, or only qpdf's, with a page tree every engine reads alike and
 * at least one page) and, for Ghostscript's, once a page of it draws something. None passing: `FILE_DAMAGED`.
 *
 * A file with nothing wrong (qpdf reads every object without a warning, MuPDF reads its page tree as qpdf does, and
 * it starts with its header and ends with its end marker) comes back as it was, byte for byte, with engine `none`:
 * rewriting it would mend nothing, and an intact file is no reason to refuse the visitor. A repaired file is written
 * decrypted, as every tool writes its result (`PASSWORD_REMOVED` when it needed the visitor's password), and noted
 * `FILE_REPAIRED` as every tool notes a file it had to repair.
 */
export const repair: EngineOp<'repair'> = async ({ file }, ctx) => {
  const { maxPages } = TOOLS.repair;
  ctx.onProgress?.('reading');
  const problems = await edgeProblems(file.path);
  const first = await inspectedOrNull(file, ctx, maxPages);
  await declarePdfWork(
    WORK_RATES,
    [{ pageCount: first?.pageCount ?? 0, path: file.path, password: first?.password }],
    ctx,
  );
  // The visitor's password, where the upload needs it (`first.password` is that of the copy inspection made,
  // decrypted when it repaired the file); without inspection, MuPDF tells whether it does.
  const password = !first || first.wasProtected ? file.password || undefined : undefined;
  if (await hasUnsoundPageTree(file.path, password, maxPages)) problems.add('page-tree');

  // qpdf writes the catalog's metadata uncompressed: metadata it cannot hold is refused before it spends seconds on it.
  if (await hasOversizeMetadata(file.path, password)) throw beyondRepair(file);

  ctx.onProgress?.('processing');
  // qpdf reads every object to write them: its warnings tell the damage, and its copy is the gentlest rebuild, each
  // stream's data copied as it was (decrypted), never decoded and encoded again. A file the inspection refused is
  // one qpdf cannot open, or whose page tree its copy would keep as it is: it goes to MuPDF at once.
  const qpdfPath = join(ctx.workDir, 'repaired-qpdf.pdf');
  const passwordArgs = password === undefined ? [] : [`--password=${password}`];
  const qpdf = first
    ? await runQpdf([...passwordArgs, '--decrypt', '--stream-data=preserve', file.path, qpdfPath], ctx, {
        withWarnings: true,
      })
    : null;
  for (const problem of qpdfProblems(qpdf?.stderr ?? '')) problems.add(problem);

  if (first && !first.wasRepaired && qpdf?.exitCode === QPDF_EXIT.ok && problems.size === 0) {
    await rm(qpdfPath, { force: true });
    ctx.onProgress?.('writing');
    const outputPath = join(ctx.workDir, 'repaired.pdf');
    await copyFile(file.path, outputPath);
    return {
      path: outputPath,
      report: { values: { pageCount: first.pageCount, engine: 'none', problems: 'none' }, notices: [] },
    };
  }

  let wasProtected = first?.wasProtected ?? false;
  let rebuilt: Rebuilt | null = null;
  if (qpdf && isQpdfSuccess(qpdf)) rebuilt = await accepted('qpdf', qpdfPath, file, ctx);
  if (!rebuilt) {
    const mupdfPath = join(ctx.workDir, 'repaired-mupdf.pdf');
    const mupdf = await rebuildWithMupdf(file.path, password, mupdfPath);
    for (const problem of mupdfProblems(mupdf.messages)) problems.add(problem);
    if (mupdf.status === 'password-required' || mupdf.status === 'password-incorrect') {
      throw passwordError(file, mupdf.status);
    }
    wasProtected ||= mupdf.needsPassword;
    if (mupdf.status === 'rebuilt') rebuilt = await accepted('mupdf', mupdfPath, file, ctx);
    // Ghostscript is never given a password: a file that needs one is left to qpdf and MuPDF.
    if (!rebuilt && !mupdf.needsPassword) {
      const ghostscriptPath = join(ctx.workDir, 'repaired-ghostscript.pdf');
      if (await rebuildWithGhostscript(file.path, ghostscriptPath, ctx)) {
        rebuilt = await accepted('ghostscript', ghostscriptPath, file, ctx);
      }
    }
  }
  if (!rebuilt) throw beyondRepair(file);

  ctx.onProgress?.('writing');
  return {
    path: rebuilt.info.path,
    report: {
      values: { pageCount: rebuilt.info.pageCount, engine: rebuilt.engine, problems: listed(problems) },
      notices: [...repairNotices(true), ...passwordNotices([{ wasProtected }])],
    },
  };
};

/** The upload as every tool inspects it; null when it is damaged past what that inspection repairs. */
async function inspectedOrNull(file: InputFile, ctx: JobContext, maxPages: number): Promise<PdfInfo | null> {
  try {
    return await inspectPdf(file, 0, ctx, maxPages);
  } catch (error) {
    if (error instanceof AppError && error.code === 'FILE_DAMAGED') return null;
    throw error;
  }
}

/** Whether MuPDF, reading the upload whole, finds a page tree that loops, repeats a part or miscounts its pages. */
async function hasUnsoundPageTree(
  path: string,
  password: string | undefined,
  maxPages: number,
): Promise<boolean> {
  const reading = await readPageTree(path, password, maxPages);
  // A tree of no pages is what a broken table leads MuPDF to, not a tree of its own.
  return (
    reading.status === 'revisited' ||
    (reading.status === 'counted' && reading.pageCount > 0 && !reading.isSound)
  );
}

/**
 * A rebuild, once it passes the inspection every tool makes of its upload (the copy that inspection reads is the
 * result: the rebuild itself, or qpdf's or our page tree's rewrite of it) and, for Ghostscript's, once a page of it
 * draws something; null when it fails them. A rebuild of more pages than the tool takes is refused as such.
 */
async function accepted(
  engine: Rebuilt['engine'],
  path: string,
  file: InputFile,
  ctx: JobContext,
): Promise<Rebuilt | null> {
  const info = await inspectedOrNull({ path, name: file.name }, ctx, TOOLS.repair.maxPages);
  if (!info) return null;
  if (engine === 'ghostscript' && !(await drawsAnything(info.path))) return null;
  return { engine, info };
}

/** The report's problems: `other` only when nothing better names the damage, and never nothing for a rebuilt file. */
function listed(problems: Set<RepairProblem>): string {
  if (problems.size > 1) problems.delete('other');
  if (problems.size === 0) problems.add('other');
  return writeRepairProblems(problems);
}

function beyondRepair(file: InputFile): AppError {
  return new AppError('FILE_DAMAGED', `"${file.name}" is damaged beyond repair.`, {
    fileIndex: 0,
    fileName: file.name,
  });
}

function passwordError(file: InputFile, status: 'password-required' | 'password-incorrect'): AppError {
  const details = { fileIndex: 0, fileName: file.name };
  return status === 'password-required'
    ? new AppError('PASSWORD_REQUIRED', `"${file.name}" is protected by a password.`, details)
    : new AppError('PASSWORD_INCORRECT', `The password for "${file.name}" is not correct.`, details);
}
