import { MAX_PAGE_TREE_NODES } from '@quire/shared';
import type * as Mupdf from 'mupdf';

/** Page attributes a page takes from the nearest node above it that has them (PDF 1.7, 7.7.3.4). */
export const INHERITABLE_KEYS = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
export type InheritableKey = (typeof INHERITABLE_KEYS)[number];
export type InheritedAttributes = Partial<Record<InheritableKey, Mupdf.PDFObject>>;

/** One page as the walk met it, with what it inherits along the path the walk took to it. */
export type WalkedPage = { page: Mupdf.PDFObject; inherited: InheritedAttributes };

export type PageTreeWalk =
  | {
      status: 'counted';
      /** Pages in tree order: a page object listed twice is two pages, as every engine shows it. */
      pages: WalkedPage[];
      /**
       * The tree is one every engine reads the same way, so each of them processes exactly `pages`: every /Count
       * is an integer equal to the pages below it, inner nodes are indirect `/Type /Pages` dictionaries with a
       * /Kids array, pages are distinct indirect `/Type /Page` dictionaries without /Kids, each /Parent names the
       * node that lists it, nothing else is listed and the tree is at most `MAX_SOUND_DEPTH` levels deep. qpdf
       * counts pages by walking the tree; MuPDF and poppler believe the root's /Count and look pages up through
       * the /Counts below it.
       */
      isSound: boolean;
    }
  /** More than `maxPages` pages: the walk stopped at the first page over. */
  | { status: 'too-many-pages' }
  /** More than `maxNodes` entries other than pages (inner nodes, junk in /Kids): the walk stopped there. */
  | { status: 'too-many-nodes' }
  /** An inner node reached a second time: a /Kids entry leading back to an ancestor, or one subtree listed twice. */
  | { status: 'revisited' };

/**
 * Deeper trees are read differently by the engines: MuPDF's page lookup gives up on a tree 1,000 levels deep (it
 * falls back to a slow search) and its writer overflows its stack on one 5,000 deep; qpdf's recursive walk crashes
 * at 100,000. Real files stay far below: a balanced tree of 2,000 pages is 3 to 11 levels deep.
 */
const MAX_SOUND_DEPTH = 64;

type Frame = {
  /** Object number of the node; null for a node written inside another object. */
  number: number | null;
  kids: Mupdf.PDFObject;
  kidCount: number;
  next: number;
  /** /Count of the node and the number of pages counted before it was entered, to check the count on leaving. */
  declaredCount: Mupdf.PDFObject;
  pagesBefore: number;
  inherited: InheritedAttributes;
  depth: number;
};

/**
 * Counts the pages of a document from its page tree, never from /Count: an explicit stack (no recursion, whatever
 * the depth), each inner node entered once (a loop or a subtree listed twice stops the walk), and the walk stops
 * as soon as it passes `maxPages` pages or `maxNodes` other entries, so it costs at most `maxPages + maxNodes`
 * steps whatever the file claims. The pages are kept (at most `maxPages`) so a tree that is not sound can be
 * rewritten from them (`flattenPageTree`).
 */
export function walkPageTree(
  pdf: Mupdf.PDFDocument,
  maxPages: number,
  maxNodes: number = MAX_PAGE_TREE_NODES,
): PageTreeWalk {
  const root = pdf.getTrailer().get('Root').get('Pages');
  const pages: WalkedPage[] = [];
  if (!isInnerNode(root)) return { status: 'counted', pages, isSound: false };

  let isSound = true;
  let otherEntries = 0;
  const enteredNodes = new Set<number>();
  const countedPages = new Set<number>();
  const stack: Frame[] = [];
  /** Pushes an inner node; false when it was entered before. */
  const enter = (node: Mupdf.PDFObject, parent: Frame | null): boolean => {
    const number = node.isIndirect() ? node.asIndirect() : null;
    if (number !== null && enteredNodes.has(number)) return false;
    if (number !== null) enteredNodes.add(number);
    const kids = node.get('Kids');
    const depth = (parent?.depth ?? 0) + 1;
    const isSoundNode =
      number !== null &&
      kids.isArray() &&
      hasType(node, 'Pages') &&
      hasParent(node, parent) &&
      depth <= MAX_SOUND_DEPTH;
    if (!isSoundNode) isSound = false;
    stack.push({
      number,
      kids,
      kidCount: kids.isArray() ? kids.length : 0,
      next: 0,
      declaredCount: node.get('Count'),
      pagesBefore: pages.length,
      inherited: inheritFrom(node, parent?.inherited ?? {}),
      depth,
    });
    return true;
  };

  enter(root, null);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.next >= frame.kidCount) {
      const { declaredCount } = frame;
      if (!declaredCount.isInteger() || declaredCount.asNumber() !== pages.length - frame.pagesBefore) {
        isSound = false;
      }
      stack.pop();
      continue;
    }
    const kid = frame.kids.get(frame.next);
    frame.next += 1;
    if (isInnerNode(kid)) {
      otherEntries += 1;
      if (otherEntries > maxNodes) return { status: 'too-many-nodes' };
      if (!enter(kid, frame)) return { status: 'revisited' };
    } else if (kid.isDictionary() && !kid.isStream()) {
      if (pages.length >= maxPages) return { status: 'too-many-pages' };
      if (!isDistinctPage(kid, countedPages) || !hasParent(kid, frame)) isSound = false;
      pages.push({ page: kid, inherited: frame.inherited });
    } else {
      // null, a number, a stream, a reference to a missing object: engines skip it, stop at it or draw it.
      isSound = false;
      otherEntries += 1;
      if (otherEntries > maxNodes) return { status: 'too-many-nodes' };
    }
  }
  return { status: 'counted', pages, isSound };
}

/**
 * Whether `object`'s /Parent is the node that lists it (none for the root). MuPDF finds what a page inherits by
 * following /Parent, qpdf and poppler by the path they walked: they agree only when the two are the same.
 */
function hasParent(object: Mupdf.PDFObject, parent: Frame | null): boolean {
  const value = object.get('Parent');
  if (parent === null) return value.isNull();
  return parent.number !== null && value.isIndirect() && value.asIndirect() === parent.number;
}

/**
 * An inner node, as MuPDF tells them from pages: `/Type /Pages`, or no /Type and a /Kids entry. Anything else that
 * is a dictionary is a page, for MuPDF, qpdf and poppler alike, whatever its /Type says.
 */
function isInnerNode(object: Mupdf.PDFObject): boolean {
  if (!object.isDictionary() || object.isStream()) return false;
  const type = object.get('Type');
  return type.isNull() ? !object.get('Kids').isNull() : type.isName() && type.asName() === 'Pages';
}

/** Whether `page` is a clean page object met for the first time (recorded in `counted`). */
function isDistinctPage(page: Mupdf.PDFObject, counted: Set<number>): boolean {
  if (!page.isIndirect() || !hasType(page, 'Page') || !page.get('Kids').isNull()) return false;
  const number = page.asIndirect();
  if (counted.has(number)) return false;
  counted.add(number);
  return true;
}

function hasType(object: Mupdf.PDFObject, type: string): boolean {
  const value = object.get('Type');
  return value.isName() && value.asName() === type;
}

function inheritFrom(node: Mupdf.PDFObject, above: InheritedAttributes): InheritedAttributes {
  const inherited = { ...above };
  for (const key of INHERITABLE_KEYS) {
    const value = node.get(key);
    if (!value.isNull()) inherited[key] = value;
  }
  return inherited;
}
