import type { Box } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

export type Margins = { top: number; right: number; bottom: number; left: number };

type PageContent = { width: number; height: number; contentBox: Box | null };

/**
 * Page margins from the body content (headers and footers excluded) of all pages of the same size together: a
 * half-empty last page must not get a huge bottom margin, so each size takes the union of its pages' content.
 */
export function measureMargins(pages: readonly PageContent[]): Margins[] {
  const unions = new Map<string, Box>();
  for (const page of pages) {
    if (!page.contentBox) continue;
    const key = sizeKey(page);
    const known = unions.get(key);
    const box = page.contentBox;
    unions.set(
      key,
      known
        ? {
            x0: Math.min(known.x0, box.x0),
            y0: Math.min(known.y0, box.y0),
            x1: Math.max(known.x1, box.x1),
            y1: Math.max(known.y1, box.y1),
          }
        : box,
    );
  }
  return pages.map((page) => {
    const box = unions.get(sizeKey(page));
    if (!box) {
      const margin = Math.min(
        SETTINGS.plan.defaultMargin,
        page.width * SETTINGS.plan.maxDefaultMarginShare,
        page.height * SETTINGS.plan.maxDefaultMarginShare,
      );
      return { top: margin, right: margin, bottom: margin, left: margin };
    }
    return {
      top: clamp(box.y0 - SETTINGS.plan.slack, page.height),
      // Text set in substitute fonts can need a line more than the PDF: room below costs nothing.
      bottom: clamp(page.height - box.y1 - SETTINGS.plan.slack, page.height) * SETTINGS.plan.bottomShare,
      left: clamp(box.x0 - SETTINGS.plan.slack, page.width),
      right: clamp(page.width - box.x1 - SETTINGS.plan.slack, page.width),
    };
  });
}

const sizeKey = (page: PageContent): string => `${Math.round(page.width)}x${Math.round(page.height)}`;

function clamp(margin: number, extent: number): number {
  return Math.min(Math.max(0, margin), extent / SETTINGS.plan.marginDivisor);
}
