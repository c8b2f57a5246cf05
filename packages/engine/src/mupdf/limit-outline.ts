import { MAX_OUTLINE_DEPTH, MAX_OUTLINE_ITEMS } from '@quire/shared';
import type * as Mupdf from 'mupdf';

type OutlineEntry = { item: Mupdf.PDFObject; depth: number };

/**
 * Makes a document's bookmarks safe for MuPDF's `loadOutline`, which reads them recursively in WebAssembly: past
 * about 2,000 levels its stack overflows into the heap and every later MuPDF call in the thread fails. The
 * bookmarks are walked here without recursion, each item at most once. An outline no deeper than
 * `MAX_OUTLINE_DEPTH`, with at most `MAX_OUTLINE_ITEMS` items and no item reached twice (a cycle, or an item shared
 * by two parents) is left as it is. Any other is rebuilt, in this open copy only (it is never saved): items deeper
 * than the limit move up to the deepest level, in reading order; an item reached again is left out with its
 * children, and items past the count limit are dropped. Returns whether the outline was rebuilt.
 */
export function limitOutline(pdf: Mupdf.PDFDocument): boolean {
  const root = pdf.getTrailer().get('Root');
  const outlines = root.get('Outlines');
  if (!outlines.isDictionary()) return false;
  const { entries, isWithinLimits } = walkOutline(outlines.get('First'));
  if (isWithinLimits) return false;
  root.put('Outlines', buildOutline(pdf, entries));
  return true;
}

/** Lists the items in reading order (depth first) with their depth, 1 for top-level items. */
function walkOutline(first: Mupdf.PDFObject): { entries: OutlineEntry[]; isWithinLimits: boolean } {
  const entries: OutlineEntry[] = [];
  const seen = new Set<number>();
  let isWithinLimits = true;
  // One cursor per open level: the next sibling still to visit on it.
  const cursors: { next: Mupdf.PDFObject; depth: number }[] = [{ next: first, depth: 1 }];
  for (let cursor = cursors.at(-1); cursor; cursor = cursors.at(-1)) {
    const item = cursor.next;
    if (!item.isDictionary()) {
      cursors.pop();
      continue;
    }
    if (item.isIndirect()) {
      const number = item.asIndirect();
      if (seen.has(number)) {
        // A cycle or a shared item: its second appearance ends that run of siblings.
        isWithinLimits = false;
        cursors.pop();
        continue;
      }
      seen.add(number);
    }
    if (entries.length === MAX_OUTLINE_ITEMS) return { entries, isWithinLimits: false };
    if (cursor.depth > MAX_OUTLINE_DEPTH) isWithinLimits = false;
    entries.push({ item, depth: Math.min(cursor.depth, MAX_OUTLINE_DEPTH) });
    cursor.next = item.get('Next');
    cursors.push({ next: item.get('First'), depth: cursor.depth + 1 });
  }
  return { entries, isWithinLimits };
}

/**
 * New outline dictionaries for the entries, with what `loadOutline` reads of each item (title, destination or
 * action, open state). Reading order with depths that grow by at most one from one entry to the next is enough
 * to link parents, children and siblings.
 */
function buildOutline(pdf: Mupdf.PDFDocument, entries: readonly OutlineEntry[]): Mupdf.PDFObject {
  const outlines = pdf.addObject(pdf.newDictionary());
  outlines.put('Type', pdf.newName('Outlines'));
  // The last item linked on each level so far: index 0 is the outline root, index d an item at depth d.
  const levels: { node: Mupdf.PDFObject; lastChild: Mupdf.PDFObject | null }[] = [
    { node: outlines, lastChild: null },
  ];
  for (const { item, depth } of entries) {
    const copy = pdf.addObject(pdf.newDictionary());
    for (const key of ['Title', 'Dest', 'A', 'Count']) {
      const value = item.get(key);
      if (!value.isNull()) copy.put(key, value);
    }
    levels.length = depth;
    const parent = levels[depth - 1];
    if (!parent) continue;
    copy.put('Parent', parent.node);
    if (parent.lastChild) {
      parent.lastChild.put('Next', copy);
      copy.put('Prev', parent.lastChild);
    } else {
      parent.node.put('First', copy);
    }
    parent.node.put('Last', copy);
    parent.lastChild = copy;
    levels.push({ node: copy, lastChild: null });
  }
  return outlines;
}
