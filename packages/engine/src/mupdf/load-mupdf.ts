import type * as Mupdf from 'mupdf';
import { installFallbackFonts } from './fallback-fonts.ts';

export type MupdfModule = typeof Mupdf;

let loading: Promise<MupdfModule> | null = null;

// Warnings about repaired files are expected on real-world input; they are not errors of ours.
const QUIET_LOG = { warning: () => undefined, error: () => undefined };

/** MuPDF.js instantiates its WebAssembly on import (about 0.2 s); load it once per worker, on first use. */
export function loadMupdf(): Promise<MupdfModule> {
  loading ??= import('mupdf').then((mupdf) => {
    mupdf.setLog(QUIET_LOG);
    installFallbackFonts(mupdf);
    return mupdf;
  });
  return loading;
}

/** Most messages kept of one run: a file of broken objects can make thousands. */
const MAX_MESSAGES = 200;

/**
 * Runs `work` (synchronous, so no other MuPDF call comes between) with MuPDF's warnings and errors added to
 * `messages` instead of dropped, whether it returns or throws. They can quote the file's contents: for the caller's
 * reading, never for a log or an answer.
 */
export function collectMupdfMessages<T>(mupdf: MupdfModule, messages: string[], work: () => T): T {
  const collect = (message: string) => {
    if (messages.length < MAX_MESSAGES) messages.push(message);
  };
  mupdf.setLog({ warning: collect, error: collect });
  try {
    return work();
  } finally {
    mupdf.setLog(QUIET_LOG);
  }
}

/**
 * Bytes of WebAssembly memory MuPDF holds in this thread: the most its documents ever needed at once, since that
 * memory grows and never shrinks. Zero before MuPDF is loaded.
 */
export async function mupdfHeapBytes(): Promise<number> {
  if (!loading) return 0;
  const mupdf = await loading;
  // A buffer's bytes are a view of the module's memory: its `buffer` is the whole of it.
  const probe = new mupdf.Buffer(new Uint8Array(1));
  try {
    return probe.asUint8Array().buffer.byteLength;
  } finally {
    probe.destroy();
  }
}

/**
 * Whether MuPDF still works in this thread. A document can leave MuPDF's WebAssembly memory broken while the op
 * that read it failed cleanly (a redaction that followed a form drawing itself threw "not a dict" and left its
 * stack behind): every later call then traps ("memory access out of bounds"). So make, save, reopen and draw a
 * one-page document, which takes a few milliseconds; true before MuPDF is loaded.
 */
export async function isMupdfHealthy(): Promise<boolean> {
  if (!loading) return true;
  const mupdf = await loading;
  try {
    const made = new mupdf.PDFDocument();
    made.insertPage(-1, made.addPage([0, 0, 72, 72], 0, made.newDictionary(), '0 0 m 72 72 l S'));
    const saved = made.saveToBuffer('compress');
    const reopened = mupdf.Document.openDocument(saved, 'application/pdf');
    const page = reopened.loadPage(0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(0.1, 0.1), mupdf.ColorSpace.DeviceGray);
    const isDrawn = pixmap.getWidth() > 0;
    for (const held of [pixmap, page, reopened, saved, made]) held.destroy();
    return isDrawn;
  } catch {
    return false;
  }
}
