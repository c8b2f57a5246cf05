import { describe, expect, it } from 'vitest';
import type { PageImage } from '../model/layout-model.ts';
import type { ParagraphBlock } from '../paragraphs/paragraph-model.ts';
import { planPage, type PagePlan } from '../plan/plan-page.ts';
import { line } from '../model/test-layout.ts';
import { SETTINGS } from '../model/settings.ts';
import { fitPageHeight } from './fit-page-height.ts';

const MARGINS = { top: 50, right: 90, bottom: 50, left: 90 };

const picture = (y0: number, y1: number): PageImage => ({
  box: { x0: 100, y0, x1: 300, y1 },
  data: new Uint8Array([1]),
  type: 'png',
});

function plan(images: PageImage[], lines: ReturnType<typeof line>[]): PagePlan {
  const layout = { pageNumber: 1, width: 612, height: 792, lines, images, rules: [], fills: [] };
  return planPage(layout, lines, { x0: 90, x1: 520 });
}

const paragraphs = (page: PagePlan) =>
  page.bands.flatMap((band) =>
    band.columns.flatMap((column) =>
      column.blocks.filter((block): block is ParagraphBlock => block.kind === 'paragraph'),
    ),
  );

describe('fitPageHeight', () => {
  it('leaves a page that fits as it is', () => {
    const page = plan([picture(100, 300)], [line('A caption under the picture.', 100, 320)]);
    expect(fitPageHeight(page, MARGINS)).toBe(page);
  });

  it('plans a page Word would spill shorter, towards its top margin, its text keeping its size', () => {
    // The second picture stands beside the first's lower half: Word sets it under the first, 200 points lower, and
    // the paragraph after them falls off the page.
    const text = line('The text after the two pictures.', 100, 700);
    const page = plan([picture(60, 460), picture(260, 660)], [text]);
    const fitted = fitPageHeight(page, MARGINS);
    expect(fitted).not.toBe(page);
    const [before] = paragraphs(page);
    const [after] = paragraphs(fitted);
    const factor = SETTINGS.write.minFitFactor;
    expect(after?.firstBaseline).toBeCloseTo(
      MARGINS.top + ((before?.firstBaseline ?? 0) - MARGINS.top) * factor,
    );
    expect(after?.size).toBe(before?.size);
    expect(after?.lineSpacing).toBeGreaterThanOrEqual(after?.size ?? Infinity);
    // Pictures keep their size; only where they stand moves.
    const images = fitted.bands.flatMap((band) => band.columns.flatMap((column) => column.blocks));
    const first = images.find((block) => block.kind === 'image');
    expect(first?.box.y0).toBeCloseTo(MARGINS.top + (60 - MARGINS.top) * factor);
    expect((first?.box.y1 ?? 0) - (first?.box.y0 ?? 0)).toBeCloseTo(400);
  });
});
