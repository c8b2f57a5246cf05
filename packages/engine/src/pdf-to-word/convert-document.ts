import type * as Mupdf from 'mupdf';
import { assignHeadings } from './assign-headings.ts';
import { detectRunningHeads } from './detect-running-heads.ts';
import { encodeImage } from './encode-image.ts';
import { unionBox, type PageLayout } from './layout-model.ts';
import { measureMargins } from './page-margins.ts';
import { planPage, type PagePlan } from './plan-page.ts';
import { readPageLayout } from './read-page-layout.ts';
import { writeDocx } from './write-docx.ts';

export type Conversion = { docx: Uint8Array; pageCount: number; pagesWithoutText: number };

/**
 * Converts an opened (and, if needed, authenticated) document: reads every page's layout, finds headers and footers
 * across pages, plans each page's flow and writes the .docx. `checkStop` runs between pages with the pages read so far, and throws to stop.
 */
export async function convertDocument(
  mupdf: typeof Mupdf,
  document: Mupdf.Document,
  checkStop: (pagesRead: number) => void,
): Promise<Conversion> {
  const layouts: PageLayout[] = [];
  const pageCount = document.countPages();
  for (let index = 0; index < pageCount; index += 1) {
    checkStop(index);
    const page = document.loadPage(index);
    try {
      const { layout, images } = readPageLayout(mupdf, page, index + 1);
      const encoded = [];
      for (const raw of images) encoded.push(await encodeImage(raw));
      layouts.push({ ...layout, images: encoded });
    } finally {
      page.destroy();
    }
  }
  checkStop(pageCount);
  const running = detectRunningHeads(layouts);
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
  checkStop(pageCount);
  const docx = await writeDocx({ pages: plans, margins, running: running.items });
  return { docx, pageCount, pagesWithoutText: plans.filter((plan) => !plan.hasText).length };
}

function clipToPage(box: PageLayout['lines'][number]['box'], page: { width: number; height: number }) {
  return {
    x0: Math.max(0, Math.min(box.x0, page.width)),
    y0: Math.max(0, Math.min(box.y0, page.height)),
    x1: Math.max(0, Math.min(box.x1, page.width)),
    y1: Math.max(0, Math.min(box.y1, page.height)),
  };
}
