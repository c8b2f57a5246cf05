import type * as Mupdf from 'mupdf';
import { ownedBytes } from './owned-bytes.ts';
import { INHERITABLE_KEYS, type WalkedPage } from './walk-page-tree.ts';

/**
 * Rewrites a document's page tree as one root listing `pages` in order, with a /Count that tells the truth, so every
 * engine reads exactly these pages: each page gets what it inherited along the walk written on itself, its
 * /Parent points at the root and its /Type says /Page; a page object listed more than once is copied, so each
 * listing is a page of its own (what qpdf does with such files). The old inner nodes are left unreferenced.
 * Returns the rewritten document, decrypted; the document passed in is changed.
 */
export function flattenPageTree(pdf: Mupdf.PDFDocument, pages: readonly WalkedPage[]): Uint8Array {
  const catalog = pdf.getTrailer().get('Root');
  let root = catalog.get('Pages');
  if (!root.isIndirect()) {
    root = pdf.addObject(root);
    catalog.put('Pages', root);
  }
  const kids = pdf.newArray();
  const listed = new Set<number>();
  for (const { page: listedPage, inherited } of pages) {
    const isFirstListing = listedPage.isIndirect() && !listed.has(listedPage.asIndirect());
    const page = isFirstListing ? listedPage : pdf.addObject(copyDictionary(pdf, listedPage));
    listed.add(page.asIndirect());
    for (const key of INHERITABLE_KEYS) {
      const value = inherited[key];
      if (value && page.get(key).isNull()) page.put(key, value);
    }
    page.put('Type', pdf.newName('Page'));
    page.put('Parent', root);
    page.delete('Kids');
    kids.push(page);
  }
  root.put('Type', pdf.newName('Pages'));
  root.put('Kids', kids);
  root.put('Count', pages.length);
  root.delete('Parent');
  return ownedBytes(pdf.saveToBuffer('decrypt'));
}

/** A new direct dictionary holding the same values (shared, not copied) as `source`. */
function copyDictionary(pdf: Mupdf.PDFDocument, source: Mupdf.PDFObject): Mupdf.PDFObject {
  const copy = pdf.newDictionary();
  source.forEach((value, key) => {
    copy.put(key, value);
  });
  return copy;
}
