import { writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import { runGhostscript } from '../ghostscript/run-ghostscript.ts';
import { collectMupdfMessages, loadMupdf } from '../mupdf/load-mupdf.ts';
import { openPdfFile, type OpenedPdfFile } from '../mupdf/open-pdf-file.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import type { JobContext } from '../ops/types.ts';

export type MupdfRebuild = {
  /** `rebuilt`: written to the output path; `failed`: MuPDF could not read or write it; or the password it lacks. */
  status: 'rebuilt' | 'failed' | 'password-required' | 'password-incorrect';
  /** The file opens only with a password (the one given, when rebuilt). */
  needsPassword: boolean;
  /** What MuPDF said while it read and wrote the file: for `mupdfProblems`, never to be passed on. */
  messages: string[];
};

/**
 * MuPDF's repair: it opens the file (rebuilding its cross-reference table from the objects it finds when the file's
 * own is broken), with the visitor's password where it needs one, and writes every object reachable from the
 * document anew, decrypted, to `outputPath`. Streams are copied as they are: nothing is re-encoded.
 */
export async function rebuildWithMupdf(
  path: string,
  password: string | undefined,
  outputPath: string,
): Promise<MupdfRebuild> {
  const mupdf = await loadMupdf();
  const messages: string[] = [];
  let needsPassword = false;
  const held: { opened: OpenedPdfFile | null } = { opened: null };
  let outcome: Uint8Array | 'password-required' | 'password-incorrect';
  try {
    // Opening is where MuPDF finds a broken table and rebuilds it: its messages are collected from there on.
    outcome = collectMupdfMessages(mupdf, messages, () => {
      held.opened = openPdfFile(mupdf, path);
      const { pdf } = held.opened;
      needsPassword = pdf.needsPassword();
      if (needsPassword && !password) return 'password-required';
      if (needsPassword && pdf.authenticatePassword(password ?? '') === 0) return 'password-incorrect';
      return rewrite(pdf);
    });
  } catch (error) {
    // MuPDF itself broke (its WebAssembly trapped, or ran out of stack): not a verdict on the file.
    if (error instanceof Error && (error.name === 'RuntimeError' || error.name === 'RangeError')) throw error;
    return { status: 'failed', needsPassword, messages };
  } finally {
    held.opened?.close();
  }
  if (typeof outcome === 'string') return { status: outcome, needsPassword, messages };
  await writeFile(outputPath, outcome);
  return { status: 'rebuilt', needsPassword, messages };
}

/** Counts the pages (which repairs the file where its table is broken) and saves what the document still reaches. */
function rewrite(pdf: Mupdf.PDFDocument): Uint8Array {
  if (pdf.countPages() === 0) throw new Error('no pages');
  return ownedBytes(pdf.saveToBuffer('garbage,decrypt'));
}

/**
 * Ghostscript's repair, the last resort: its PDF interpreter reads what it can of each page and pdfwrite draws it
 * into a new file, pages turned as they were. Whether it read anything is for the caller to check: Ghostscript
 * writes a blank page, and exits 0, when it found none (`drawsAnything`).
 */
export async function rebuildWithGhostscript(
  path: string,
  outputPath: string,
  ctx: JobContext,
): Promise<boolean> {
  const result = await runGhostscript(
    ['-sDEVICE=pdfwrite', '-dAutoRotatePages=/None', `-sOutputFile=${outputPath}`, path],
    ctx,
  );
  return result.exitCode === 0;
}

/**
 * Whether any page of the (decrypted) file at `path` draws anything: a path, a text, a shading or a picture. A file
 * MuPDF cannot read draws nothing.
 */
export async function drawsAnything(path: string): Promise<boolean> {
  const mupdf = await loadMupdf();
  let opened: ReturnType<typeof openPdfFile> | null = null;
  try {
    opened = openPdfFile(mupdf, path);
    let hasDrawn = false;
    const mark = () => {
      hasDrawn = true;
    };
    const device = new mupdf.Device({
      fillPath: mark,
      strokePath: mark,
      fillText: mark,
      strokeText: mark,
      fillShade: mark,
      fillImage: mark,
      fillImageMask: mark,
    });
    try {
      const { pdf } = opened;
      const count = pdf.countPages();
      for (let index = 0; index < count && !hasDrawn; index += 1) {
        const page = pdf.loadPage(index);
        try {
          page.run(device, mupdf.Matrix.identity);
        } finally {
          page.destroy();
        }
      }
    } finally {
      device.close();
      device.destroy();
    }
    return hasDrawn;
  } catch (error) {
    if (error instanceof Error && (error.name === 'RuntimeError' || error.name === 'RangeError')) throw error;
    return false;
  } finally {
    opened?.close();
  }
}
