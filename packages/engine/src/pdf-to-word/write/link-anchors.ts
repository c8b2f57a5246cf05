import type { ParagraphBlock } from '../paragraphs/paragraph-model.ts';
import { linkKey, type LinkTarget } from '../model/layout-model.ts';
import { cellParagraphs, type PagePlan } from '../plan/plan-page.ts';
import { SETTINGS } from '../model/settings.ts';

type Place = Extract<LinkTarget, { kind: 'place' }>;

/** A paragraph, and the left edge of the column it stands in. */
type Placed = { paragraph: ParagraphBlock; columnX0: number };

/**
 * Gives every link into the document a Word bookmark to lead to: the paragraph at the link's destination on its
 * page (the first paragraph from the destination's point down, in the destination's column; the page's first
 * paragraph when the destination is the page as a whole). Sets `anchor` on each target and `bookmarks` on the
 * paragraphs; links to places several links share lead to one bookmark. A link to a page with no paragraph keeps no
 * anchor and is written as plain text.
 */
export function placeLinkAnchors(plans: readonly PagePlan[]): void {
  const paragraphsByPage = new Map(plans.map((plan) => [plan.pageNumber, placedParagraphs(plan)]));
  const anchors = new Map<string, string>();
  let count = 0;
  for (const { paragraph } of [...paragraphsByPage.values()].flat()) {
    for (const run of paragraph.runs) {
      if (run.link?.kind !== 'place') continue;
      const key = linkKey(run.link);
      let anchor = anchors.get(key);
      if (anchor === undefined) {
        const block = landingParagraph(paragraphsByPage.get(run.link.page) ?? [], run.link);
        if (!block) continue;
        const existing = block.bookmarks?.[0];
        count += 1;
        anchor = existing ?? `_Quire_p${run.link.page}_${count}`;
        if (!existing) block.bookmarks = [anchor];
        anchors.set(key, anchor);
      }
      run.link.anchor = anchor;
    }
  }
}

/** A page's paragraphs in reading order, table cells included, with their columns. */
function placedParagraphs(plan: PagePlan): Placed[] {
  return plan.bands.flatMap((band) =>
    band.columns.flatMap((column) =>
      column.blocks.flatMap((block) => {
        const paragraphs =
          block.kind === 'paragraph' ? [block] : block.kind === 'table' ? cellParagraphs(block) : [];
        return paragraphs.map((paragraph) => ({ paragraph, columnX0: column.x0 }));
      }),
    ),
  );
}

/**
 * The paragraph a destination lands on: the nearest from its point down, in the column it leads to (the first column
 * starting at or right of its x: LaTeX puts a destination a little left of its column); the last paragraph above
 * the point when none is below it.
 */
function landingParagraph(placed: readonly Placed[], place: Place): ParagraphBlock | undefined {
  const { x, y } = place;
  if (y === null) return placed[0]?.paragraph;
  const below = placed.filter(({ paragraph }) => paragraph.box.y1 >= y - SETTINGS.write.tolerance);
  const reach = ({ columnX0 }: Placed) =>
    x !== null && columnX0 >= x - SETTINGS.write.columnSlack ? columnX0 - x : Number.POSITIVE_INFINITY;
  const nearestColumn = Math.min(...below.map(reach));
  const inColumn = Number.isFinite(nearestColumn)
    ? below.filter((entry) => reach(entry) <= nearestColumn + 1)
    : below;
  const gap = ({ paragraph }: Placed) => Math.max(0, paragraph.box.y0 - y);
  const nearest = inColumn.reduce<Placed | undefined>(
    (best, entry) => (!best || gap(entry) < gap(best) ? entry : best),
    undefined,
  );
  return (
    nearest?.paragraph ??
    placed.findLast(({ paragraph }) => paragraph.box.y0 <= y)?.paragraph ??
    placed[0]?.paragraph
  );
}
