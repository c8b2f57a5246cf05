import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { blockExtent } from './docx-blocks.ts';
import { measureMargins } from '../plan/page-margins.ts';
import { planPage } from '../plan/plan-page.ts';
import { letterPage, line, picture } from '../model/test-layout.ts';
import { writeDocx } from './write-docx.ts';

/** The space before each paragraph of the document's body that shows something, in points. */
function spacesBefore(docx: Uint8Array): number[] {
  const xml = strFromU8(unzipSync(docx)['word/document.xml'] as Uint8Array);
  return [...xml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)]
    .filter((paragraph) => /<w:t|<w:drawing/.test(paragraph[0]))
    .map((paragraph) => Number(/<w:spacing [^>]*w:before="(\d+)"/.exec(paragraph[0])?.[1] ?? 0) / 20);
}

describe('writeDocx', () => {
  it('takes what a block overlapping the one before costs out of the gaps after it', async () => {
    // Two pictures, the second reaching 20 points up beside the first's foot, then a paragraph 40 points lower.
    const upper = picture(100, 100, 300, 200);
    const lower = picture(100, 180, 300, 260);
    const after = line('The text goes on after the figure.', 100, 310);
    const layout = letterPage({ lines: [after], images: [upper, lower] });
    const plan = planPage(layout, [after], { x0: 90, x1: 520 });
    const blocks = plan.bands.flatMap((band) => band.columns.flatMap((column) => column.blocks));
    expect(blocks.map((block) => block.kind)).toEqual(['image', 'image', 'paragraph']);
    const docx = await writeDocx({
      pages: [plan],
      margins: measureMargins([plan]),
      running: [],
      pageNumbers: [undefined],
    });
    const [, lowerSpace, afterSpace] = spacesBefore(docx);
    // Word sets the second picture under the first, 20 points lower than the PDF: the next gap is 20 points less.
    expect(lowerSpace).toBe(0);
    const top = blockExtent(blocks[2] as (typeof blocks)[number]).top;
    expect(afterSpace).toBeCloseTo(top - 280, 1);
  });
});
