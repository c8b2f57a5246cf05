import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import type { InputFile } from '../ops/types.ts';
import { limitNameTree } from './limit-name-tree.ts';
import { limitOutline } from './limit-outline.ts';
import { loadMupdf } from './load-mupdf.ts';
import { ownedBytes } from './owned-bytes.ts';

type OutlineItem = NonNullable<ReturnType<Mupdf.Document['loadOutline']>>[number];
type LinkDest = ReturnType<Mupdf.Document['resolveLinkDestination']>;

export type NavigationSource = { file: InputFile; pageCount: number };

/** One page of an assembled file: the source it came from (its index) and its page there (from 0). */
export type PlacedPage = { source: number; page: number };

/**
 * Page assembly (qpdf `--pages`) keeps each page with its annotations but not the document-level parts that
 * navigation relies on: the bookmarks (outline) and the named destinations most internal links point to. This puts
 * both back: every source's bookmarks, in order, and every internal link re-pointed at its page in the assembled
 * file. `placed` says where each page of the assembled file came from (by default every source's pages, in order: a
 * merge); a bookmark or link whose page was left out goes (a bookmark's children that were kept take its place),
 * and one pointing at a page placed twice points at its first copy. Returns false, leaving the file untouched, when
 * no source has either.
 */
export async function restoreNavigation(
  assembledPath: string,
  sources: readonly NavigationSource[],
  placed: readonly PlacedPage[] = placeInOrder(sources),
): Promise<boolean> {
  const mupdf = await loadMupdf();
  const firstCopy = new Map<string, number>();
  placed.forEach(({ source, page }, position) => {
    const key = `${source}:${page}`;
    if (!firstCopy.has(key)) firstCopy.set(key, position);
  });
  // One source open at a time, each once; the assembled file is opened at the first source with navigation (to
  // restore, or none at all). WebAssembly memory never shrinks, so the peak is one source and the assembled file.
  let assembled: { doc: Mupdf.PDFDocument; outline: Mupdf.OutlineIterator } | null = null;
  let isPlaceable = true;
  try {
    for (const [index, source] of sources.entries()) {
      const pages = [...new Set(placed.filter((page) => page.source === index).map((page) => page.page))];
      if (pages.length === 0) continue;
      await withSource(mupdf, source, pages, (opened) => {
        if (!isPlaceable || (opened.outline === null && !opened.hasInternalLinks)) return;
        if (!assembled) {
          const doc = new mupdf.PDFDocument(readFileSync(assembledPath));
          assembled = { doc, outline: doc.outlineIterator() };
          // The placements place each source's pages in the assembled file; if they do not add up to it, nothing
          // is placed.
          isPlaceable = doc.countPages() === placed.length;
          if (!isPlaceable) return;
        }
        const placing: Placing = {
          positionOf: (page) => firstCopy.get(`${index}:${page}`),
          placed,
          source: index,
        };
        if (opened.hasInternalLinks) relinkPages(assembled.doc, opened.doc, placing);
        if (opened.outline)
          insertOutline(assembled.doc, assembled.outline, opened.doc, opened.outline, placing);
      });
    }
    const done = assembled as { doc: Mupdf.PDFDocument } | null;
    if (!done || !isPlaceable) return false;
    // Written beside the file and renamed over it, so a failure never leaves half a PDF behind.
    const updatedPath = `${assembledPath}.navigation`;
    await writeFile(updatedPath, ownedBytes(done.doc.saveToBuffer('incremental')));
    await rename(updatedPath, assembledPath);
    return true;
  } finally {
    (assembled as { doc: Mupdf.PDFDocument } | null)?.doc.destroy();
  }
}

/** Every page of every source, in order: what a merge assembles. */
function placeInOrder(sources: readonly NavigationSource[]): PlacedPage[] {
  return sources.flatMap(({ pageCount }, source) =>
    Array.from({ length: pageCount }, (_, page) => ({ source, page })),
  );
}

/** Where one source's pages went: the assembled position of a page's first copy (undefined: left out). */
type Placing = {
  readonly source: number;
  readonly placed: readonly PlacedPage[];
  readonly positionOf: (page: number) => number | undefined;
};

type OpenedSource = { doc: Mupdf.Document; outline: OutlineItem[] | null; hasInternalLinks: boolean };

/**
 * Opens a source for reading its navigation and closes it after `use`, having looked for internal links on `pages`
 * (from 0: those placed; none once that is known). A source MuPDF cannot read (or reads differently from qpdf)
 * keeps its pages in the assembled file but not its navigation.
 */
async function withSource(
  mupdf: typeof Mupdf,
  { file, pageCount }: NavigationSource,
  pages: readonly number[],
  use: (opened: OpenedSource) => void,
): Promise<void> {
  let doc: Mupdf.Document | null = null;
  try {
    doc = mupdf.Document.openDocument(await readFile(file.path), 'application/pdf');
    if (doc.needsPassword()) doc.authenticatePassword(file.password ?? '');
    if (doc.countPages() !== pageCount) return;
    // Hostile bookmarks and name trees (thousands of levels deep, cycles) are bounded before MuPDF reads them
    // recursively.
    const pdf = doc.asPDF();
    if (pdf) {
      limitOutline(pdf);
      limitNameTree(pdf);
    }
    const outline = doc.loadOutline();
    use({
      doc,
      outline: outline && outline.length > 0 ? outline : null,
      hasInternalLinks: hasInternalLinks(doc, pages),
    });
  } catch {
    // Navigation is a bonus: the merge stands without it.
  } finally {
    doc?.destroy();
  }
}

function hasInternalLinks(doc: Mupdf.Document, pages: readonly number[]): boolean {
  for (const index of pages) {
    const page = doc.loadPage(index);
    try {
      if (page.getLinks().some((link) => !link.isExternal())) return true;
    } finally {
      page.destroy();
    }
  }
  return false;
}

/**
 * Re-points the internal links of one source's pages wherever they were placed, and removes those whose page was left
 * out. Links are matched in order; a page whose link count differs is left as it is.
 */
function relinkPages(assembled: Mupdf.PDFDocument, source: Mupdf.Document, placing: Placing): void {
  placing.placed.forEach((placed, position) => {
    if (placed.source !== placing.source) return;
    const sourcePage = source.loadPage(placed.page);
    const assembledPage = assembled.loadPage(position);
    try {
      const sourceLinks = sourcePage.getLinks();
      const assembledLinks = assembledPage.getLinks();
      if (sourceLinks.length === 0 || sourceLinks.length !== assembledLinks.length) return;
      sourceLinks.forEach((link, index) => {
        const target = assembledLinks[index];
        if (!target || link.isExternal()) return;
        const destination = resolveIn(source, link.getURI());
        if (!destination) return;
        const page = placing.positionOf(destination.page);
        if (page === undefined) assembledPage.deleteLink(target);
        else target.setURI(assembled.formatLinkURI({ ...destination, page }));
      });
      dropStaleDestinations(assembledPage);
    } finally {
      sourcePage.destroy();
      assembledPage.destroy();
    }
  });
}

/**
 * MuPDF writes a re-pointed link's target as its action (/A) and leaves the /Dest that page assembly wrote (null
 * where qpdf had not copied the page yet), which readers take first: a link with both loses its /Dest.
 */
function dropStaleDestinations(page: Mupdf.PDFPage): void {
  const annotations = page.getObject().get('Annots');
  if (!annotations.isArray()) return;
  for (let index = 0; index < annotations.length; index += 1) {
    const annotation = annotations.get(index);
    if (annotation.get('Subtype').isNull() || annotation.get('Subtype').asName() !== 'Link') continue;
    if (!annotation.get('A').isNull() && !annotation.get('Dest').isNull()) annotation.delete('Dest');
  }
}

/**
 * Appends one source's bookmarks, keeping their nesting, titles, open state and target positions. A bookmark whose
 * page was left out is dropped, and its children that point at kept pages take its place.
 */
function insertOutline(
  assembled: Mupdf.PDFDocument,
  iterator: Mupdf.OutlineIterator,
  source: Mupdf.Document,
  items: readonly OutlineItem[],
  placing: Placing,
): void {
  for (const item of items) {
    const uri = targetUri(assembled, source, item.uri, placing);
    if (uri === null) {
      if (item.down) insertOutline(assembled, iterator, source, item.down, placing);
      continue;
    }
    iterator.insert({ title: item.title, uri, open: item.open });
    if (item.down && item.down.length > 0) {
      iterator.prev();
      iterator.down();
      insertOutline(assembled, iterator, source, item.down, placing);
      iterator.up();
      iterator.next();
    }
  }
}

/** A bookmark's target in the assembled file: undefined when it has none or it cannot be read, null when its page was left out. */
function targetUri(
  assembled: Mupdf.PDFDocument,
  source: Mupdf.Document,
  uri: string | undefined,
  placing: Placing,
): string | undefined | null {
  if (uri === undefined || !uri.startsWith('#')) return uri;
  const destination = resolveIn(source, uri);
  if (!destination) return undefined;
  const page = placing.positionOf(destination.page);
  return page === undefined ? null : assembled.formatLinkURI({ ...destination, page });
}

function resolveIn(source: Mupdf.Document, uri: string): LinkDest | null {
  try {
    const destination = source.resolveLinkDestination(uri);
    return destination.page >= 0 ? destination : null;
  } catch {
    return null;
  }
}
