import type * as Mupdf from 'mupdf';
import { mayBeScanned } from '../ocr/find-scanned-pages.ts';
import { assignHeadings } from './paragraphs/assign-headings.ts';
import { cutScanPhotos } from './scan/cut-scan-photos.ts';
import { detectRunningHeads } from './running-heads/detect-running-heads.ts';
import { drawFigures, withFigures, withoutDecorations } from './figures/draw-figures.ts';
import { findPageFigures } from './figures/find-page-figures.ts';
import { encodeImage } from './read/encode-image.ts';
import { unionBox, type Box, type Line, type PageLayout } from './model/layout-model.ts';
import { SETTINGS } from './model/settings.ts';
import { measureMargins } from './plan/page-margins.ts';
import { planPage, type PagePlan } from './plan/plan-page.ts';
import { readPageLinks } from './read/read-links.ts';
import { readPageLayout } from './read/read-page-layout.ts';
import { isReadableScan, scanPageLayout, type ScanReading } from './scan/scan-page-layout.ts';
import { writeDocx, type DocumentPlan } from './write/write-docx.ts';

export type Conversion = {
  docx: Uint8Array;
  pageCount: number;
  pagesWithoutText: number;
  /** What was read of the scans (`readScans`), by page number. */
  scans: ReadonlyMap<number, RecognisedScan>;
};

/** A scanned page's text as recognised, with how its image was levelled (`ScanResult`). */
export type RecognisedScan = ScanReading & { skew: number };

/**
 * Reads the scans among `pageNumbers` (pages with too little text to be anything else) and gives what was read,
 * by page number; pages that are not scans are left out.
 */
export type ScanReader = (pageNumbers: readonly number[]) => Promise<ReadonlyMap<number, RecognisedScan>>;

/**
 * Converts an opened (and, if needed, authenticated) document: plans every page (`planDocument`) and writes the
 * .docx. `checkStop` runs between pages with the pages read so far and how many of them wait for `readScans` (none
 * once it is done), and throws to stop.
 */
export async function convertDocument(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  checkStop: (pagesRead: number, pagesWaiting: number) => void,
  readScans: ScanReader = () => Promise.resolve(new Map()),
): Promise<Conversion> {
  const { plan, scans } = await planDocument(mupdf, document, checkStop, readScans);
  checkStop(plan.pages.length, 0);
  const docx = await writeDocx(plan);
  return {
    docx,
    pageCount: plan.pages.length,
    pagesWithoutText: plan.pages.filter((page) => !page.hasText).length,
    scans,
  };
}

/** A document planned, with what decided its blocks: for writing, and for looking at (`--dump-plan`). */
export type PlannedDocument = {
  plan: DocumentPlan;
  /** Per page, the boxes of the figures drawn as pictures from its vector paths (and formulas). */
  figures: Box[][];
  /** Per page, the lines taken out of its body as running heads. */
  runningHeads: Line[][];
  scans: ReadonlyMap<number, RecognisedScan>;
};

/**
 * Plans a document: reads every page's layout, draws its figures made of vector paths as pictures (but not those
 * repeated in one place across pages: decorations), finds headers and footers across pages, plans each page's flow
 * and gives each paragraph its heading level. The pages with almost no text are handed to `readScans`: a scan whose
 * text was recognised is laid out from what was read (`scanPageLayout`), its pictures cut out of the scan, and the
 * scan itself left out; a scan in which nothing could be read well (`isReadableScan`) stays the picture it is.
 * Pages with text are read once, never surveyed for scans.
 */
export async function planDocument(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  checkStop: (pagesRead: number, pagesWaiting: number) => void = () => undefined,
  readScans: ScanReader = () => Promise.resolve(new Map()),
): Promise<PlannedDocument> {
  const { layouts, figureBoxes, scans } = await readPages(mupdf, document, checkStop, readScans);
  const pageCount = layouts.length;
  // Running heads first: a figure at the top of a page stops below its header (the header's rule may touch it).
  const running = detectRunningHeads(layouts);
  const drawn: Box[][] = layouts.map(() => []);
  for (const [index, boxes] of withoutDecorations(figureBoxes).entries()) {
    if (boxes.length === 0) continue;
    checkStop(pageCount, 0);
    const page = document.loadPage(index);
    const heads = [...(running.removed[index] ?? [])].map((line) => line.box);
    try {
      const clipped = boxes
        .map((box) => clearOf(box, heads))
        .filter((box) => box.y1 - box.y0 > SETTINGS.figures.minClippedHeight);
      drawn[index] = clipped;
      layouts[index] = withFigures(layouts[index] as PageLayout, await drawFigures(mupdf, page, clipped));
    } finally {
      page.destroy();
    }
  }
  const bodies = layouts.map((layout, index) => {
    const removed = running.removed[index] as Set<PageLayout['lines'][number]>;
    return layout.lines.filter((line) => !removed.has(line));
  });
  const margins = measureMargins(
    layouts.map((layout, index) => {
      const boxes = [
        ...(bodies[index] ?? []).map((line) => line.box),
        ...layout.images.map((image) => image.box),
        ...layout.rules.map((rule) => rule.box),
      ].map((box) => clipToPage(box, layout));
      return {
        width: layout.width,
        height: layout.height,
        contentBox: boxes.length > 0 ? unionBox(boxes) : null,
      };
    }),
  );
  const plans: PagePlan[] = layouts.map((layout, index) => {
    const pageMargins = margins[index] as (typeof margins)[number];
    return planPage(layout, bodies[index] ?? [], {
      x0: pageMargins.left,
      x1: layout.width - pageMargins.right,
    });
  });
  assignHeadings(
    plans.flatMap((plan) =>
      plan.bands.flatMap((band) =>
        band.columns.flatMap((column) => column.blocks.filter((block) => block.kind === 'paragraph')),
      ),
    ),
  );
  return {
    plan: { pages: plans, margins, running: running.items, pageNumbers: running.pageNumbers },
    figures: drawn,
    runningHeads: layouts.map((_, index) => [...(running.removed[index] ?? [])]),
    scans,
  };
}

/** Every page read, the scans among them read from their recognised text; the figures found on each. */
async function readPages(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  checkStop: (pagesRead: number, pagesWaiting: number) => void,
  readScans: ScanReader,
): Promise<{ layouts: PageLayout[]; figureBoxes: Box[][]; scans: ReadonlyMap<number, RecognisedScan> }> {
  const layouts: PageLayout[] = [];
  const figureBoxes: Box[][] = [];
  // The pages with almost no text: they may be scans.
  const candidates: PageLayout[] = [];
  const pageCount = document.countPages();
  for (let index = 0; index < pageCount; index += 1) {
    checkStop(index, candidates.length);
    const page = document.loadPage(index);
    try {
      const { layout, figures } = await readPage(mupdf, document, page, index + 1);
      layouts.push(layout);
      figureBoxes.push(figures);
      if (mayBeScanned(countCharacters(layout))) candidates.push(layout);
    } finally {
      page.destroy();
    }
  }
  checkStop(pageCount, candidates.length);
  const scans =
    candidates.length > 0 ? await readScans(candidates.map((layout) => layout.pageNumber)) : new Map();
  for (const [pageNumber, scan] of scans) {
    if (!isReadableScan(scan)) continue;
    const page = document.loadPage(pageNumber - 1);
    try {
      layouts[pageNumber - 1] = await readScanPage(mupdf, page, pageNumber, scan);
      figureBoxes[pageNumber - 1] = [];
    } finally {
      page.destroy();
    }
  }
  return { layouts, figureBoxes, scans };
}

async function readPage(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  page: Mupdf.Page,
  pageNumber: number,
): Promise<{ layout: PageLayout; figures: Box[] }> {
  const read = readPageLayout(mupdf, page, pageNumber, readPageLinks(document, page));
  const { lines, figures } = findPageFigures(read);
  const encoded = [];
  for (const raw of read.images) encoded.push(await encodeImage(raw));
  return { layout: { ...read.layout, lines, images: encoded }, figures };
}

/**
 * A scan whose text was recognised, laid out from what was read (`scanPageLayout`), its pictures cut out of the
 * page; the scan itself left out. PDF to PowerPoint reads its scans so too.
 */
export async function readScanPage(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  pageNumber: number,
  scan: RecognisedScan,
): Promise<PageLayout> {
  const [x0, y0, x1, y1] = page.getBounds();
  const { layout, photos } = scanPageLayout(scan, { pageNumber, width: x1 - x0, height: y1 - y0 });
  const images = await cutScanPhotos(mupdf, page, photos, { skew: scan.skew, turn: scan.uprightTurn });
  return { ...layout, images };
}

/**
 * A figure's box cut short of the running heads inside it: above a footer in its lower half, below a header in its
 * upper half.
 */
function clearOf(box: Box, heads: readonly Box[]): Box {
  let clear = box;
  for (const head of heads) {
    const middle = (head.y0 + head.y1) / 2;
    const isInside = middle > clear.y0 && middle < clear.y1 && head.x1 > clear.x0 && head.x0 < clear.x1;
    if (!isInside) continue;
    clear =
      middle < (clear.y0 + clear.y1) / 2
        ? { ...clear, y0: head.y1 + SETTINGS.figures.headClearance }
        : { ...clear, y1: head.y0 - SETTINGS.figures.headClearance };
  }
  return clear;
}

/** Characters of a page's text other than spaces. */
function countCharacters(layout: PageLayout): number {
  return layout.lines.reduce((sum, line) => sum + line.text.replace(/\s/gu, '').length, 0);
}

function clipToPage(box: PageLayout['lines'][number]['box'], page: { width: number; height: number }) {
  return {
    x0: Math.max(0, Math.min(box.x0, page.width)),
    y0: Math.max(0, Math.min(box.y0, page.height)),
    x1: Math.max(0, Math.min(box.x1, page.width)),
    y1: Math.max(0, Math.min(box.y1, page.height)),
  };
}
