import { writePdf, type PdfObject } from './hostile-pdfs.ts';
import { TABLE_CONTENT } from './table-content.ts';

/**
 * PDFs whose page tree says something other than what it holds, built by code for the page-cap tests (hardening
 * item 29, second form): a tree of thousands of real pages behind `/Count 1`, counts that are negative or not
 * numbers, a subtree listed twice, a loop, a tree thousands of levels deep, one enormous /Kids array. Every page
 * shares one content stream (a word and a small table) and inherits its size and font from the root, so 3000 pages
 * fit in about 270 KB.
 */

/** A page tree node in the tree description below: `pages` leaves, or `kids` nodes; `count` is what it claims. */
export type TreeNode = {
  /** How many leaf pages hang directly under this node (before `kids`). */
  pages?: number;
  kids?: TreeNode[];
  /** The /Count written; a number or any PDF token (`-1`, `1.5`, `(x)`); absent: the true count of leaves. */
  count?: number | string | null;
};

const ROOT = 2;
const CONTENT = 3;
const FONT = 4;
const FIRST_FREE = 5;

/** Objects every tree file starts with; the root node (object 2) carries the inherited page size and font. */
function head(rootDict: string): PdfObject[] {
  return [
    `<< /Type /Catalog /Pages ${ROOT} 0 R >>`,
    rootDict,
    // A word, and a small table (what PDF to Excel needs of a page to read it through).
    { dict: '<< >>', stream: Buffer.from(`BT /F1 24 Tf 72 720 Td (page) Tj ET\n${TABLE_CONTENT}`) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
}

const INHERITED = `/MediaBox [0 0 612 792] /Resources << /Font << /F1 ${FONT} 0 R >> >>`;
const leaf = (parent: number) => `<</Type/Page/Parent ${parent} 0 R/Contents ${CONTENT} 0 R>>`;

/**
 * Writes the tree described by `root`; each node is a distinct object, each leaf its own page object. The /Count
 * of a node is its `count` when given (`null` leaves /Count out), else the number of leaves below it.
 */
export function createPageTreePdf(root: TreeNode): Buffer {
  const nodes = new Map<number, string>();
  const leaves = new Map<number, string>();
  let next = FIRST_FREE;
  // Explicit stacks throughout: a description may be thousands of levels deep.
  const queue: { node: TreeNode; number: number; parent: number | null }[] = [
    { node: root, number: ROOT, parent: null },
  ];
  while (queue.length > 0) {
    const { node, number, parent } = queue.pop() as (typeof queue)[number];
    const kids: number[] = [];
    for (let page = 0; page < (node.pages ?? 0); page += 1) {
      leaves.set(next, leaf(number));
      kids.push(next++);
    }
    for (const kid of node.kids ?? []) {
      queue.push({ node: kid, number: next, parent: number });
      kids.push(next++);
    }
    const count = node.count === undefined ? countLeaves(node) : node.count;
    const countEntry = count === null ? '' : ` /Count ${count}`;
    const parentEntry = parent === null ? ` ${INHERITED}` : ` /Parent ${parent} 0 R`;
    const kidList = kids.map((kid) => `${kid} 0 R`).join(' ');
    nodes.set(number, `<< /Type /Pages /Kids [${kidList}]${countEntry}${parentEntry} >>`);
  }
  const objects: PdfObject[] = head(nodes.get(ROOT) as string);
  for (let number = FIRST_FREE; number < next; number += 1) {
    objects.push((nodes.get(number) ?? leaves.get(number)) as string);
  }
  return writePdf(objects);
}

function countLeaves(node: TreeNode): number {
  let total = 0;
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop() as TreeNode;
    total += current.pages ?? 0;
    stack.push(...(current.kids ?? []));
  }
  return total;
}

/** `realPages` pages in one flat /Kids array under a root that claims `count` (`null`: no /Count at all). */
export function createLyingCountPdf(realPages: number, count: number | string | null): Buffer {
  return createPageTreePdf({ pages: realPages, count });
}

/**
 * `realPages` pages grouped under intermediate nodes of `perNode` pages each, every node telling the truth except
 * the root, which claims `count`: the shape real producers write, with only the top lying.
 */
export function createLyingRootPdf(realPages: number, count: number | string, perNode = 100): Buffer {
  const kids: TreeNode[] = [];
  for (let first = 0; first < realPages; first += perNode) {
    kids.push({ pages: Math.min(perNode, realPages - first) });
  }
  return createPageTreePdf({ kids, count });
}

/**
 * One intermediate node of `pagesInSubtree` pages listed `times` times in the root's /Kids: the same subtree
 * reached over and over. qpdf walks it every time (and copies the repeated pages); `count` defaults to what such
 * a walk finds.
 */
export function createSharedSubtreePdf(
  pagesInSubtree: number,
  times = 2,
  count: number | string = pagesInSubtree * times,
): Buffer {
  const subtree = FIRST_FREE;
  const objects: PdfObject[] = head(
    `<< /Type /Pages /Kids [${Array.from({ length: times }, () => `${subtree} 0 R`).join(' ')}] /Count ${count} ${INHERITED} >>`,
  );
  const pages = Array.from({ length: pagesInSubtree }, (_, index) => `${subtree + 1 + index} 0 R`);
  objects.push(`<< /Type /Pages /Parent ${ROOT} 0 R /Kids [${pages.join(' ')}] /Count ${pagesInSubtree} >>`);
  for (let page = 0; page < pagesInSubtree; page += 1) objects.push(leaf(subtree));
  return writePdf(objects);
}

/**
 * `levels` intermediate nodes, each listing the next one twice, over a single page: 2^levels pages for any walk
 * that follows every reference, in a file of a few kilobytes. The root claims `count`.
 */
export function createDoublingTreePdf(levels: number, count: number | string = 1): Buffer {
  const objects: PdfObject[] = head(
    `<< /Type /Pages /Kids [${FIRST_FREE} 0 R ${FIRST_FREE} 0 R] /Count ${count} ${INHERITED} >>`,
  );
  for (let level = 1; level < levels; level += 1) {
    const self = FIRST_FREE + level - 1;
    const child = self + 1;
    const parent = level === 1 ? ROOT : self - 1;
    objects.push(`<< /Type /Pages /Parent ${parent} 0 R /Kids [${child} 0 R ${child} 0 R] /Count 1 >>`);
  }
  const last = FIRST_FREE + levels - 1;
  objects.push(`<< /Type /Pages /Parent ${last - 1} 0 R /Kids [${last + 1} 0 R] /Count 1 >>`);
  objects.push(leaf(last));
  return writePdf(objects);
}

/** A chain of `depth` intermediate nodes, each the only kid of the one above, over `pages` pages. */
export function createDeepPageTreePdf(depth: number, pages = 1): Buffer {
  const objects: PdfObject[] = head(
    `<< /Type /Pages /Kids [${FIRST_FREE} 0 R] /Count ${pages} ${INHERITED} >>`,
  );
  for (let level = 0; level < depth; level += 1) {
    const self = FIRST_FREE + level;
    const parent = level === 0 ? ROOT : self - 1;
    const kids =
      level === depth - 1
        ? Array.from({ length: pages }, (_, index) => `${self + 1 + index} 0 R`).join(' ')
        : `${self + 1} 0 R`;
    objects.push(`<< /Type /Pages /Parent ${parent} 0 R /Kids [${kids}] /Count ${pages} >>`);
  }
  for (let page = 0; page < pages; page += 1) objects.push(leaf(FIRST_FREE + depth - 1));
  return writePdf(objects);
}

/**
 * One page object listed `entries` times in the root's /Kids (about 6 bytes an entry), or with `entry` another
 * token repeated instead (`null`), followed by the page once; the root claims `count`.
 */
export function createRepeatedPagePdf(entries: number, count: number | string = 1, entry?: string): Buffer {
  const page = `${FIRST_FREE} 0 R`;
  const kids = `${entry ?? page} `.repeat(entries) + (entry === undefined ? '' : page);
  return writePdf([
    ...head(`<< /Type /Pages /Kids [${kids.trimEnd()}] /Count ${count} ${INHERITED} >>`),
    leaf(ROOT),
  ]);
}

/**
 * A loop: the root's /Kids holds `pages` pages and a node whose /Kids leads back to the root. `count` is what the
 * root claims (the pages only, by default).
 */
export function createLoopingTreePdf(pages = 2, count: number | string = pages): Buffer {
  const loop = FIRST_FREE;
  const kids = [...Array.from({ length: pages }, (_, index) => `${loop + 1 + index} 0 R`), `${loop} 0 R`];
  return writePdf([
    ...head(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} ${INHERITED} >>`),
    `<< /Type /Pages /Parent ${ROOT} 0 R /Kids [${ROOT} 0 R] /Count 1 >>`,
    ...Array.from({ length: pages }, () => leaf(ROOT)),
  ]);
}

/**
 * `pages` good pages behind `/Count 1`, then `poisoned` more /Kids entries naming one page object whose
 * cross-reference entry points at the wrong bytes: MuPDF repairs the file the moment anything reads that object.
 * A count that stops once it passes the cap never reads it; one that goes on does, and the repair shows.
 */
export function createPoisonedTailPdf(pages: number, poisoned: number): Buffer {
  const poison = FIRST_FREE + pages;
  const kids = [
    ...Array.from({ length: pages }, (_, index) => `${FIRST_FREE + index} 0 R`),
    ...Array.from({ length: poisoned }, () => `${poison} 0 R`),
  ];
  const objects: PdfObject[] = head(`<< /Type /Pages /Kids [${kids.join(' ')}] /Count 1 ${INHERITED} >>`);
  for (let page = 0; page < pages; page += 1) objects.push(leaf(ROOT));
  objects.push(leaf(ROOT));
  const pdf = writePdf(objects);
  // The xref table's rows are 20 bytes, object 0 first: point the poisoned object's row at the file's header.
  const table = pdf.lastIndexOf(`xref\n0 ${objects.length + 1}\n`);
  const rowsStart = table + `xref\n0 ${objects.length + 1}\n`.length;
  pdf.write('0000000009', rowsStart + poison * 20, 'latin1');
  return pdf;
}
