import { readFile, rename, writeFile } from 'node:fs/promises';
import type * as Mupdf from 'mupdf';
import type { InputFile } from '../ops/types.ts';
import { limitNameTree } from './limit-name-tree.ts';
import { limitOutline } from './limit-outline.ts';
import { loadMupdf } from './load-mupdf.ts';
import { ownedBytes } from './owned-bytes.ts';

type OutlineItem = NonNullable<ReturnType<Mupdf.Document['loadOutline']>>[number];
type LinkDest = ReturnType<Mupdf.Document['resolveLinkDestination']>;

export type MergedSource = { file: InputFile; pageCount: number };

/**
 * Page assembly (qpdf `--pages`) keeps each page with its annotations but not the document-level parts that
 * navigation relies on: the bookmarks (outline) and the named destinations most internal links point to. This puts
 * both back: every source's bookmarks, in order, and every internal link re-pointed at its page in the merged file.
 * Returns false, leaving the file untouched, when no source has either.
 */
export async function restoreNavigation(
  mergedPath: string,
  sources: readonly MergedSource[],
): Promise<boolean> {
  const mupdf = await loadMupdf();
  // First pass, one source open at a time: is there anything to restore? (WebAssembly memory never shrinks, so
  // the peak is kept to one source plus the merged file.)
  const withNavigation = new Set<number>();
  for (const [index, source] of sources.entries()) {
    await withSource(mupdf, source, (opened) => {
      if (opened.outline !== null || opened.hasInternalLinks) withNavigation.add(index);
    });
  }
  if (withNavigation.size === 0) return false;

  const doc = new mupdf.PDFDocument(await readFile(mergedPath));
  try {
    // The page counts place each source's pages in the merged file; if they do not add up to it, nothing is placed.
    const total = sources.reduce((sum, source) => sum + source.pageCount, 0);
    if (doc.countPages() !== total) return false;
    const outline = doc.outlineIterator();
    let offset = 0;
    for (const [index, source] of sources.entries()) {
      if (withNavigation.has(index)) {
        const pageOffset = offset;
        await withSource(mupdf, source, (opened) => {
          if (opened.hasInternalLinks) relinkPages(doc, opened.doc, source.pageCount, pageOffset);
          if (opened.outline) insertOutline(doc, outline, opened.doc, opened.outline, pageOffset);
        });
      }
      offset += source.pageCount;
    }
    // Written beside the file and renamed over it, so a failure never leaves half a PDF behind.
    const updatedPath = `${mergedPath}.navigation`;
    await writeFile(updatedPath, ownedBytes(doc.saveToBuffer('incremental')));
    await rename(updatedPath, mergedPath);
    return true;
  } finally {
    doc.destroy();
  }
}

type OpenedSource = { doc: Mupdf.Document; outline: OutlineItem[] | null; hasInternalLinks: boolean };

/**
 * Opens a source for reading its navigation and closes it after `use`. A source MuPDF cannot read (or reads
 * differently from qpdf) keeps its pages in the merged file but not its navigation.
 */
async function withSource(
  mupdf: typeof Mupdf,
  { file, pageCount }: MergedSource,
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
      hasInternalLinks: hasInternalLinks(doc, pageCount),
    });
  } catch {
    // Navigation is a bonus: the merge stands without it.
  } finally {
    doc?.destroy();
  }
}

function hasInternalLinks(doc: Mupdf.Document, pageCount: number): boolean {
  for (let index = 0; index < pageCount; index += 1) {
    const page = doc.loadPage(index);
    try {
      if (page.getLinks().some((link) => !link.isExternal())) return true;
    } finally {
      page.destroy();
    }
  }
  return false;
}

/** Re-points the internal links of one source's pages. Links are matched in order; a page whose link count differs is left as it is. */
function relinkPages(
  merged: Mupdf.PDFDocument,
  source: Mupdf.Document,
  pageCount: number,
  offset: number,
): void {
  for (let index = 0; index < pageCount; index += 1) {
    const sourcePage = source.loadPage(index);
    const mergedPage = merged.loadPage(offset + index);
    try {
      const sourceLinks = sourcePage.getLinks();
      const mergedLinks = mergedPage.getLinks();
      if (sourceLinks.length === 0 || sourceLinks.length !== mergedLinks.length) continue;
      sourceLinks.forEach((link, position) => {
        const target = mergedLinks[position];
        if (!target || link.isExternal()) return;
        const destination = resolveIn(source, link.getURI());
        if (destination)
          target.setURI(merged.formatLinkURI({ ...destination, page: offset + destination.page }));
      });
    } finally {
      sourcePage.destroy();
      mergedPage.destroy();
    }
  }
}

/** Appends one source's bookmarks, keeping their nesting, titles, open state and target positions. */
function insertOutline(
  merged: Mupdf.PDFDocument,
  iterator: Mupdf.OutlineIterator,
  source: Mupdf.Document,
  items: readonly OutlineItem[],
  offset: number,
): void {
  for (const item of items) {
    iterator.insert({ title: item.title, uri: targetUri(merged, source, item.uri, offset), open: item.open });
    if (item.down && item.down.length > 0) {
      iterator.prev();
      iterator.down();
      insertOutline(merged, iterator, source, item.down, offset);
      iterator.up();
      iterator.next();
    }
  }
}

function targetUri(
  merged: Mupdf.PDFDocument,
  source: Mupdf.Document,
  uri: string | undefined,
  offset: number,
): string | undefined {
  if (uri === undefined || !uri.startsWith('#')) return uri;
  const destination = resolveIn(source, uri);
  return destination ? merged.formatLinkURI({ ...destination, page: offset + destination.page }) : undefined;
}

function resolveIn(source: Mupdf.Document, uri: string): LinkDest | null {
  try {
    const destination = source.resolveLinkDestination(uri);
    return destination.page >= 0 ? destination : null;
  } catch {
    return null;
  }
}
