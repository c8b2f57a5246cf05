import { describe, expect, it } from 'vitest';
import type { PageImage } from '../model/layout-model.ts';
import type { ParagraphBlock } from '../paragraphs/paragraph-model.ts';
import { planPage, type PagePlan } from '../plan/plan-page.ts';
import { letterPage, line, picture } from '../model/test-layout.ts';
import { SETTINGS } from '../model/settings.ts';
import { fitPageHeight } from './fit-page-height.ts';

const MARGINS = { top: 50, right: 90, bottom: 50, left: 90 };

function plan(images: PageImage[], lines: ReturnType<typeof line>[]): PagePlan {
  return planPage(letterPage({ lines, images }), lines, { x0: 90, x1: 520 });
}

const paragraphs = (page: PagePlan) =>
  page.bands.flatMap((band) =>
    band.columns.flatMap((column) =>
      column.blocks.filter((block): block is ParagraphBlock => block.kind === 'paragraph'),
    ),
  );

describe('fitPageHeight', () => {
  it('leaves a page that fits as it is', () => {
    const page = plan([picture(100, 100, 300, 300)], [line('A caption under the picture.', 100, 320)]);
    expect(fitPageHeight(page, MARGINS)).toBe(page);
  });

  it('plans a page Word would spill shorter, towards its top margin, its text keeping its size', () => {
    // The second picture stands beside the first's foot: Word sets it under the first, 100 points lower, and the
    // paragraph after them runs past the bottom margin.
    const page = plan(
      [picture(100, 60, 300, 400), picture(100, 300, 300, 640)],
      [line('The text after the two pictures.', 100, 680)],
    );
    const fitted = fitPageHeight(page, MARGINS);
    expect(fitted).not.toBe(page);
    const [before] = paragraphs(page);
    const [after] = paragraphs(fitted);
    const squeezed = (y: number) => MARGINS.top + (y - MARGINS.top) * SETTINGS.write.minFitFactor;
    expect(after?.firstBaseline).toBeLessThan(before?.firstBaseline ?? 0);
    expect(after?.firstBaseline).toBeGreaterThanOrEqual(squeezed(before?.firstBaseline ?? 0));
    expect(after?.size).toBe(before?.size);
    expect(after?.lineSpacing).toBeGreaterThanOrEqual(after?.size ?? Infinity);
    // Pictures keep their size; only where they stand moves.
    const [first, second] = fitted.bands.flatMap((band) =>
      band.columns.flatMap((column) => column.blocks.filter((block) => block.kind === 'image')),
    );
    expect(first?.box.y0).toBeLessThanOrEqual(60);
    expect((second?.box.y1 ?? 0) - (second?.box.y0 ?? 0)).toBeCloseTo(340);
  });

  it('leaves alone a page that a little squeezing would not keep on its paper', () => {
    const page = plan(
      [picture(100, 60, 300, 460), picture(100, 260, 300, 660)],
      [line('The text after the two pictures.', 100, 700)],
    );
    expect(fitPageHeight(page, MARGINS)).toBe(page);
  });
});
