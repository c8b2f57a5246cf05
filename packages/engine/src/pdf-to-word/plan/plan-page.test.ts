import { describe, expect, it } from 'vitest';
import type { Box } from '../model/layout-model.ts';
import { planPage } from './plan-page.ts';
import { letterPage, line, picture } from '../model/test-layout.ts';

describe('planPage', () => {
  it("keeps a figure's parts side by side, each over its caption, as one row of pictures and then the captions", () => {
    // A triangle under a taller square's top, each with its caption: in reading order the first caption comes
    // between the two pictures.
    const triangle = picture(157, 123, 307, 217);
    const square = picture(325, 78, 458, 232);
    const captionA = line('(a) a, b sind Katheten und c ist die Hypo-', 160, 230, { x1: 300 });
    const captionA2 = line('tenuse', 160, 240);
    const captionB = line('(b) Rechteck', 360, 240);
    const text = line('Abbildung 4.17: Satz des Pythagoras', 220, 262);
    const lines = [captionA, captionA2, captionB, text];
    const plan = planPage(letterPage({ lines, images: [triangle, square] }), lines, { x0: 90, x1: 520 });
    const blocks = plan.bands.flatMap((band) => band.columns.flatMap((column) => column.blocks));
    const first = blocks[0];
    expect(first?.kind).toBe('image');
    expect(first?.kind === 'image' ? first.images : []).toEqual([triangle, square]);
    expect(blocks.filter((block) => block.kind === 'image')).toHaveLength(1);
    const boxes: Box[] = blocks.slice(1).map((block) => block.box);
    expect(boxes.every((box) => box.y0 >= 220)).toBe(true);
  });

  it('keeps pictures one over the other apart', () => {
    const upper = picture(100, 100, 300, 200);
    const lower = picture(100, 260, 300, 360);
    const caption = line('Figure 1. Two pictures, one over the other.', 100, 230);
    const plan = planPage(letterPage({ lines: [caption], images: [upper, lower] }), [caption], {
      x0: 90,
      x1: 520,
    });
    const kinds = plan.bands.flatMap((band) =>
      band.columns.flatMap((column) => column.blocks.map((b) => b.kind)),
    );
    expect(kinds).toEqual(['image', 'paragraph', 'image']);
  });

  it('keeps the order of pictures on one row far apart, in two columns of a page read as one', () => {
    // A wide drawing on the left with a label inside its height, read between it and a note drawn as a picture far
    // to its right.
    const drawing = picture(39, 105, 526, 231);
    const note = picture(739, 118, 1057, 203);
    const label = line('Screen', 300, 120);
    const lines = [label];
    const plan = planPage(
      { ...letterPage({ lines, images: [drawing, note] }), width: 1191, height: 842 },
      lines,
      {
        x0: 30,
        x1: 1160,
      },
    );
    const kinds = plan.bands.flatMap((band) =>
      band.columns.flatMap((column) => column.blocks.map((b) => b.kind)),
    );
    expect(kinds.filter((kind) => kind === 'image')).toHaveLength(2);
  });
});
