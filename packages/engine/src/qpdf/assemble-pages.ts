import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
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
 * Writes one PDF of the pieces' pages, in order, with qpdf's page assembly (`--pages … --`). qpdf copies each page's
 * content without parsing it and keeps what belongs to the page: its annotations (links among them) and the form
 * fields of its widgets; a page placed twice is a copy of its own (its own page object), never the same object twice
 * in the page tree. The first piece's file is qpdf's primary input (its copy with the catalog trimmed, see
 * `trimmedPrimary`): its form keeps its field names (from an empty primary, qpdf renames a form's shared root from
 * the second page on, `topmostSubform[0]+1`), and the result keeps its document information (title, author) and
 * XMP metadata; qpdf drops the fields of the pages left out. A later file's fields whose names clash with ones
 * already placed may still be renamed by qpdf. The document's bookmarks and named destinations are not kept:
 * `restoreNavigation` puts back those that lead to the pages placed. Nothing is encrypted. `outputArgs` are qpdf's
 * options for the written file (`--rotate=+90:3`, which counts the pages of the result, or compression settings).
 */
export async function assemblePages(
  pieces: readonly PagePiece[],
  outputPath: string,
  ctx: JobContext,
  outputArgs: readonly string[] = [],
): Promise<AssembleResult> {
  if (pieces.length === 0) throw new Error('page assembly needs at least one piece');
  const first = pieces[0] as PagePiece;
  const primary = await trimmedPrimary(first, ctx);
  // The primary's pages are taken from the trimmed copy too, wherever its file is named: qpdf knows a file given
  // twice by its name, and a page copied from another file would be renamed.
  const placedPieces = primary
    ? pieces.map((piece) =>
        piece.file === first.file ? { ...piece, file: primary, password: undefined } : piece,
      )
    : pieces;
  const pageArgs = placedPieces.flatMap((piece) => [
    piece.file,
    ...(piece.password ? [`--password=${piece.password}`] : []),
    formatPieceRange(piece.pages),
  ]);
  const args = [primary ?? '--empty', '--pages', ...pageArgs, '--', '--decrypt', ...outputArgs, outputPath];
  const result = await runQpdf(args, ctx);
  if (isQpdfSuccess(result)) return { ok: true };
  // qpdf names the input it could not read; it may also stop without naming one (its memory cap, say).
  const failedPiece = placedPieces.findIndex((piece) => result.stderr.includes(piece.file));
  return { ok: false, failedPiece: failedPiece === -1 ? undefined : failedPiece };
}

/**
 * The catalog entries of the primary input that page assembly keeps: the page tree qpdf rebuilds, the form (qpdf
 * keeps the fields of the pages placed), page labels (qpdf renumbers them), the XMP metadata, the language and how
 * a viewer opens the document. The others would describe the whole original (bookmarks, named destinations, the
 * structure tree, an open action) and lead to pages left out, or no longer hold (usage rights, `Perms`).
 */
const KEPT_CATALOG_ENTRIES = new Set([
  'Type',
  'Pages',
  'AcroForm',
  'PageLabels',
  'Metadata',
  'Lang',
  'PageLayout',
  'PageMode',
  'ViewerPreferences',
]);

/** Each job's trimmed copies, by source file: a split that assembles many ranges of one file trims it once. */
const trimmedCopies = new WeakMap<JobContext, Map<string, Promise<string | null>>>();

/**
 * A copy of the first piece's file in the job's directory (deleted with it), decrypted, whose catalog keeps only
 * `KEPT_CATALOG_ENTRIES` and whose form has no XFA (which describes every page of the original): the primary input
 * of page assembly. Null when MuPDF cannot read the file or had to repair it: qpdf then assembles from an empty
 * primary, as it reads the file itself.
 */
function trimmedPrimary(piece: PagePiece, ctx: JobContext): Promise<string | null> {
  let copies = trimmedCopies.get(ctx);
  if (!copies) {
    copies = new Map();
    trimmedCopies.set(ctx, copies);
  }
  // By directory too: a context given a new directory (a test's) has none of the old one's copies.
  const key = `${ctx.workDir}\n${piece.file}`;
  let copy = copies.get(key);
  if (!copy) {
    copy = writeTrimmedCopy(piece, ctx.workDir);
    copies.set(key, copy);
  }
  return copy;
}

async function writeTrimmedCopy(piece: PagePiece, workDir: string): Promise<string | null> {
  const mupdf = await loadMupdf();
  let doc: InstanceType<typeof mupdf.PDFDocument> | null = null;
  try {
    doc = new mupdf.PDFDocument(await readFile(piece.file));
    if (doc.needsPassword() && !doc.authenticatePassword(piece.password ?? '')) return null;
    const trailer = doc.getTrailer();
    const root = trailer.get('Root');
    if (doc.wasRepaired() || !root.isDictionary()) return null;
    const dropped: string[] = [];
    root.forEach((_value, key) => {
      if (!KEPT_CATALOG_ENTRIES.has(String(key))) dropped.push(String(key));
    });
    for (const key of dropped) root.delete(key);
    const form = root.get('AcroForm');
    if (form.isDictionary()) form.delete('XFA');
    if (!root.get('Metadata').isNull() && !isPlainXmp(root.get('Metadata'))) root.delete('Metadata');
    // An encrypted file is written whole and decrypted; any other only gains the trimmed catalog at its end.
    const isEncrypted = !trailer.get('Encrypt').isNull();
    const path = join(workDir, `assembly-primary-${randomUUID()}.pdf`);
    await writeFile(path, ownedBytes(doc.saveToBuffer(isEncrypted ? 'decrypt' : 'incremental')));
    return path;
  } catch {
    return null;
  } finally {
    doc?.destroy();
  }
}

/** The most bytes of XMP metadata page assembly carries over: qpdf writes a document's metadata uncompressed. */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

type PdfObject = ReturnType<InstanceType<Awaited<ReturnType<typeof loadMupdf>>['PDFDocument']>['getTrailer']>;

/**
 * Whether the catalog's XMP metadata is a stream qpdf can write out whole: stored plain or behind one FlateDecode, and
 * at most `MAX_XMP_BYTES` once inflated (inflated here with that cap). qpdf writes metadata uncompressed, so a
 * metadata flate bomb kept in the primary would take it to its memory cap (hardening item 24: page assembly keeps
 * streams compressed and passes); such metadata is dropped, as page assembly from an empty primary dropped all.
 */
function isPlainXmp(metadata: PdfObject): boolean {
  if (!metadata.isStream()) return false;
  const filter = metadata.get('Filter');
  const filters = filter.isNull()
    ? []
    : filter.isArray()
      ? arrayNames(filter)
      : filter.isName()
        ? [filter.asName()]
        : null;
  if (filters === null || filters.length > 1 || (filters.length === 1 && filters[0] !== 'FlateDecode'))
    return false;
  if (!metadata.get('DecodeParms').isNull()) return false;
  const raw = metadata.readRawStream().asUint8Array();
  if (filters.length === 0) return raw.length <= MAX_XMP_BYTES;
  try {
    inflateSync(raw, { maxOutputLength: MAX_XMP_BYTES });
    return true;
  } catch {
    return false;
  }
}

/** The names of a PDF array, or null when one of its items is not a name. */
function arrayNames(array: PdfObject): string[] | null {
  const names: string[] = [];
  for (let index = 0; index < array.length; index += 1) {
    const item = array.get(index);
    if (!item.isName()) return null;
    names.push(item.asName());
  }
  return names;
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
