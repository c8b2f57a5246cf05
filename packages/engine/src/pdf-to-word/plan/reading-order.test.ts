import { describe, expect, it } from 'vitest';
import type { Line } from '../model/layout-model.ts';
import { findGutters, orderPage } from './reading-order.ts';
import { line } from '../model/test-layout.ts';

/** A title across the page, then two columns of ten lines each. */
function twoColumnPage(): Line[] {
  const lines = [line('A title across both of the columns of this page', 50, 60, { x1: 550 })];
  for (let row = 0; row < 10; row += 1) {
    lines.push(line(`left ${row}`, 50, 100 + row * 12, { x1: 290 }));
    lines.push(line(`right ${row}`, 310, 100 + row * 12, { x1: 550 }));
  }
  return lines;
}

describe('reading order', () => {
  it('finds the gutter between two columns of text', () => {
    const gutters = findGutters(twoColumnPage());
    expect(gutters).toHaveLength(1);
    expect(gutters[0]?.x0).toBeGreaterThanOrEqual(290);
    expect(gutters[0]?.x1).toBeLessThanOrEqual(311);
  });

  it('reads the title, then column 1, then column 2', () => {
    const lines = twoColumnPage();
    const bands = orderPage(
      lines.map((item) => ({ box: item.box, item })),
      findGutters(lines),
    );
    const order = bands.flatMap((band) =>
      band.columns.flatMap((column) => column.items.map((placed) => placed.item.text)),
    );
    expect(order[0]).toMatch(/^A title/);
    expect(order.slice(1, 11)).toEqual(Array.from({ length: 10 }, (_, row) => `left ${row}`));
    expect(order.slice(11)).toEqual(Array.from({ length: 10 }, (_, row) => `right ${row}`));
  });

  it('keeps three authors side by side in one stripe above two columns, row by row', () => {
    const authors = [
      [line('Ada Lovelace', 80, 70), line('Alan Turing', 270, 70), line('Grace Hopper', 460, 70)],
      [line('London', 80, 82), line('Manchester', 270, 82), line('New York', 460, 82)],
    ].flat();
    const lines = [...authors, ...twoColumnPage().slice(1)];
    const bands = orderPage(
      lines.map((item) => ({ box: item.box, item })),
      findGutters(lines),
    );
    expect(bands[0]?.columns).toHaveLength(1);
    expect(bands[0]?.columns[0]?.items.map((placed) => placed.item.text)).toEqual(
      authors.map((author) => author.text),
    );
    expect(bands[1]?.columns).toHaveLength(2);
    expect(bands).toHaveLength(2);
  });

  it('keeps three pictures side by side in one stripe when the middle one crosses the gutter', () => {
    const lines = twoColumnPage().slice(1);
    const pictures = [
      { x0: 68, x1: 202 },
      { x0: 251, x1: 386 },
      { x0: 415, x1: 549 },
    ].map((span, index) => ({ box: { ...span, y0: 20, y1: 80 }, item: `picture ${index}` }));
    const bands = orderPage(
      [...pictures, ...lines.map((item) => ({ box: item.box, item: item.text }))],
      findGutters(lines),
    );
    expect(bands[0]?.columns.map((column) => column.items.map((placed) => placed.item))).toEqual([
      ['picture 0', 'picture 1', 'picture 2'],
    ]);
    expect(bands[1]?.columns).toHaveLength(2);
    expect(bands).toHaveLength(2);
  });

  it('finds the gutter under a table whose cells run across it', () => {
    const table: Line[] = [];
    for (let row = 0; row < 8; row += 1) {
      for (const [index, x] of [50, 170, 280, 420].entries()) {
        table.push(line(`cell ${row}.${index}`, x, -100 + row * 12, { x1: x + 60 }));
      }
    }
    // The third cell of each row, at 280–340, crosses the gutter between the columns below (290–310).
    const gutters = findGutters([...table, ...twoColumnPage().slice(1)]);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]?.x0).toBeGreaterThanOrEqual(290);
  });

  it('finds no gutter in a table of short cells', () => {
    const lines: Line[] = [];
    for (let row = 0; row < 10; row += 1) {
      lines.push(line(`key ${row}`, 50, 100 + row * 12));
      lines.push(line(`value ${row}`, 310, 100 + row * 12));
    }
    expect(findGutters(lines)).toEqual([]);
  });

  it("keeps a box inside the height of a form's grid in the grid's stripe, not in columns of its own", () => {
    // A form's labels left of a gutter, its fields right of it; a grid across the page from y 300 to 700, with a
    // small box inside its height that stands right of the gutter.
    const lines: Line[] = [];
    for (let row = 0; row < 10; row += 1) {
      lines.push(line(`the label of field ${row}`, 40, 100 + row * 12, { x1: 150 }));
      lines.push(
        line(`field ${row} of the form, the text beside its label`, 170, 100 + row * 12, { x1: 560 }),
      );
    }
    const gutters = [{ x0: 150, x1: 170 }];
    const grid = { box: { x0: 35, y0: 300, x1: 577, y1: 700 }, item: 'grid' };
    const box = { box: { x0: 223, y0: 456, x1: 339, y1: 480 }, item: 'box' };
    const bands = orderPage(
      [...lines.map((each) => ({ box: each.box, item: each.text })), grid, box],
      gutters,
    );
    const last = bands.at(-1);
    expect(last?.columns).toHaveLength(1);
    expect(last?.columns[0]?.items.map((placed) => placed.item)).toEqual(['grid', 'box']);
  });
});
