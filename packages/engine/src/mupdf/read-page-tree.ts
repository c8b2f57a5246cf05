import { flattenPageTree } from './flatten-page-tree.ts';
import { loadMupdf } from './load-mupdf.ts';
import { openPdfFile } from './open-pdf-file.ts';
import { walkPageTree, type PageTreeWalk } from './walk-page-tree.ts';

export type PageTreeReading =
  /** MuPDF cannot open the file, needs a password it was not given (or one that does not fit), or had to repair it. */
  | { status: 'unreadable' }
  | Exclude<PageTreeWalk, { status: 'counted' }>
  | {
      status: 'counted';
      pageCount: number;
      /** Every engine reads this tree as it is (see `walkPageTree`). */
      isSound: boolean;
      /** The file needs a password to open, and the one given fits. */
      isPasswordNeeded: boolean;
      /** For a tree that is not sound, when asked for: the document rewritten with a flat, truthful tree. */
      flattened: Uint8Array | null;
    };

/**
 * Counts the pages of a PDF file from its page tree (`walkPageTree`), reading only the objects it needs. With
 * `shouldFlatten`, a tree that is not sound but holds 1 to `maxPages` pages comes back rewritten
 * (`flattenPageTree`). A file MuPDF had to repair is `unreadable`: its repair may find another tree than qpdf's.
 */
export async function readPageTree(
  path: string,
  password: string | undefined,
  maxPages: number,
  shouldFlatten = false,
): Promise<PageTreeReading> {
  const mupdf = await loadMupdf();
  let opened: ReturnType<typeof openPdfFile> | null = null;
  try {
    opened = openPdfFile(mupdf, path);
    const { pdf } = opened;
    const isPasswordNeeded = pdf.needsPassword();
    if (isPasswordNeeded && (!password || pdf.authenticatePassword(password) === 0)) {
      return { status: 'unreadable' };
    }
    const walk = walkPageTree(pdf, maxPages);
    // MuPDF repairs lazily, when an object it is asked for is not where the cross-reference table says.
    if (pdf.wasRepaired()) return { status: 'unreadable' };
    if (walk.status !== 'counted') return walk;
    const pageCount = walk.pages.length;
    const flattened =
      shouldFlatten && !walk.isSound && pageCount > 0 ? flattenPageTree(pdf, walk.pages) : null;
    return { status: 'counted', pageCount, isSound: walk.isSound, isPasswordNeeded, flattened };
  } catch (error) {
    // MuPDF itself broke (its WebAssembly trapped: `RuntimeError`, or ran out of stack: `RangeError`): not a
    // verdict on the file, and MuPDF is unusable in this worker from now on.
    if (error instanceof Error && (error.name === 'RuntimeError' || error.name === 'RangeError')) throw error;
    return { status: 'unreadable' };
  } finally {
    opened?.close();
  }
}
