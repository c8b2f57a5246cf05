import type { JobContext } from '../ops/types.ts';
import { isQpdfSuccess, runQpdf } from './run-qpdf.ts';

/** A run of pages of one file, from 1 and inclusive (`first` ≤ `last`). */
export type PageSpan = { readonly first: number; readonly last: number };

/** Some pages of one file, placed in the order given: a page named twice is there twice. */
export type PagePiece = {
  /** The file to take the pages from: a path the server or the op made. */
  readonly file: string;
  /** The file's password, when it is protected: the result is written decrypted. */
  readonly password?: string | undefined;
  /** The pages, in the order they are placed; `all`: every page, in order. */
  readonly pages: 'all' | readonly PageSpan[];
};

/** What page assembly gave: the output written, or the piece whose file qpdf named in its failure (if any). */
export type AssembleResult = { ok: true } | { ok: false; failedPiece: number | undefined };

/**
 * Writes one PDF of the pieces' pages, in order, with qpdf's page assembly (`--empty --pages … --`). qpdf copies each
 * page's content without parsing it and keeps what belongs to the page: its annotations (links among them) and the
 * form fields of its widgets; a page placed twice is a copy of its own (its own page object), never the same object
 * twice in the page tree. The document's bookmarks and named destinations are not kept: `restoreNavigation` puts
 * back those that lead to the pages placed. Nothing is encrypted. `outputArgs` are qpdf's options for the written
 * file (`--rotate=+90:3`, which counts the pages of the result, or compression settings).
 */
export async function assemblePages(
  pieces: readonly PagePiece[],
  outputPath: string,
  ctx: JobContext,
  outputArgs: readonly string[] = [],
): Promise<AssembleResult> {
  if (pieces.length === 0) throw new Error('page assembly needs at least one piece');
  const pageArgs = pieces.flatMap((piece) => [
    piece.file,
    ...(piece.password ? [`--password=${piece.password}`] : []),
    formatPieceRange(piece.pages),
  ]);
  const result = await runQpdf(['--empty', '--pages', ...pageArgs, '--', ...outputArgs, outputPath], ctx);
  if (isQpdfSuccess(result)) return { ok: true };
  // qpdf names the input it could not read; it may also stop without naming one (its memory cap, say).
  const failedPiece = pieces.findIndex((piece) => result.stderr.includes(piece.file));
  return { ok: false, failedPiece: failedPiece === -1 ? undefined : failedPiece };
}

/** Page numbers as spans, in the order given, consecutive ascending pages joined: [3, 4, 5, 1, 1] → 3-5, 1, 1. */
export function spansOfPages(pages: readonly number[]): PageSpan[] {
  const spans: { first: number; last: number }[] = [];
  for (const page of pages) {
    const previous = spans.at(-1);
    if (previous && page === previous.last + 1) previous.last = page;
    else spans.push({ first: page, last: page });
  }
  return spans;
}

/** qpdf's page range for a piece: `1-z` for every page, else its spans joined by commas (`3-5,1,1`). */
function formatPieceRange(pages: PagePiece['pages']): string {
  if (pages === 'all') return '1-z';
  if (pages.length === 0) throw new Error('a piece of page assembly needs at least one page');
  return pages.map(({ first, last }) => (first === last ? `${first}` : `${first}-${last}`)).join(',');
}
