import { describe, expect, it } from 'vitest';
import { withoutDecorations } from './draw-figures.ts';
import { findFigures } from './find-figures.ts';
import type { PathMark } from '../read/raw-page.ts';
import type { Box } from '../model/layout-model.ts';
import { box, line } from '../model/test-layout.ts';

const LETTER = { width: 612, height: 792 };
const shape = (x0: number, y0: number, x1: number, y1: number): PathMark => ({
  box: box(x0, y0, x1, y1),
  isShape: true,
});
const rule = (x0: number, y0: number, x1: number, y1: number): PathMark => ({
  box: box(x0, y0, x1, y1),
  isShape: false,
});

/** A plot: two axes and a polyline drawn as five segments, from (100, 100) to (300, 250). */
const plot = [
  rule(100, 100, 101, 250),
  rule(100, 249, 300, 250),
  ...[0, 1, 2, 3, 4].map((step) => shape(100 + step * 40, 120 + step * 20, 140 + step * 40, 150 + step * 20)),
];

describe('findFigures', () => {
  it('finds a plot with its tick labels and axis title, and leaves the caption below it out', () => {
    const ticks = [0, 1, 2, 3, 4].map((step) =>
      line(String(step * 10), 98 + step * 50, 260, { x1: 106 + step * 50 }),
    );
    const title = line('Time (s)', 180, 273);
    const caption = line('Figure 2. The time each engine takes on the test file, in seconds.', 100, 310);
    const figures = findFigures({ ...LETTER, paths: plot, lines: [...ticks, title, caption], tables: [] });
    expect(figures).toHaveLength(1);
    const [figure] = figures as [Box];
    expect(figure.y1).toBeGreaterThanOrEqual(title.box.y1);
    expect(figure.y1).toBeLessThan(caption.box.y0);
    expect(figure.x0).toBe(98);
  });

  it('finds nothing in a table, among icons, or in a frame full of text', () => {
    // A ruled table with a check mark drawn in six of its cells.
    const checked = [
      ...[100, 130, 160].map((y) => rule(100, y, 300, y + 1)),
      rule(200, 100, 201, 160),
      ...[0, 1, 2, 3, 4, 5].map((cell) =>
        shape(
          110 + (cell % 2) * 100,
          110 + Math.floor(cell / 2) * 15,
          120 + (cell % 2) * 100,
          120 + Math.floor(cell / 2) * 15,
        ),
      ),
    ];
    expect(findFigures({ ...LETTER, paths: checked, lines: [], tables: [box(100, 100, 301, 161)] })).toEqual(
      [],
    );
    const icons = [0, 1, 2, 3].map((row) => shape(100, 100 + row * 30, 110, 110 + row * 30));
    expect(findFigures({ ...LETTER, paths: icons, lines: [], tables: [] })).toEqual([]);
    const frame = [
      shape(90, 90, 400, 96),
      shape(90, 90, 96, 200),
      shape(394, 90, 400, 200),
      shape(90, 194, 400, 200),
    ];
    const text = [0, 1, 2, 3, 4, 5, 6, 7].map((row) => line('x'.repeat(58), 100, 110 + row * 11));
    expect(findFigures({ ...LETTER, paths: frame, lines: text, tables: [] })).toEqual([]);
  });

  it('finds a diagram that reads as a table: boxes with drop shadows, or connectors and outlines among plain boxes', () => {
    // Three boxes with a shadow each (their fill, their outline, and the grey copy 1.7 points down and right), on
    // the diagram's background.
    const shadowed = [
      rule(90, 90, 400, 170),
      ...[100, 200, 300].flatMap((x) => [
        rule(x + 1.7, 101.7, x + 81.7, 161.7),
        rule(x, 100, x + 80, 160),
        rule(x - 0.4, 99.6, x + 80.4, 160.4),
      ]),
    ];
    const table = [box(90, 90, 400, 170)];
    expect(findFigures({ ...LETTER, paths: shadowed, lines: [], tables: table })).toEqual([
      box(90, 90, 400, 170),
    ]);
    // The same boxes without shadows, joined by three long connectors (polylines, arrows).
    const plain = [100, 200, 300].map((x) => rule(x, 100, x + 80, 160));
    expect(findFigures({ ...LETTER, paths: plain, lines: [], tables: table })).toEqual([]);
    const connected = [
      ...plain,
      shape(170, 120, 210, 140),
      shape(270, 120, 310, 140),
      shape(140, 160, 340, 166),
    ];
    expect(findFigures({ ...LETTER, paths: connected, lines: [], tables: table })).toEqual([
      box(100, 100, 380, 166),
    ]);
  });

  it("counts an axis title set on its side as a mark of a chart, but not a table's turned column heads", () => {
    // A framed chart: its frame and two filled areas, one arrow with its head, and the axis title on its side.
    const chart = [
      rule(100, 100, 400, 300),
      rule(150, 150, 250, 200),
      rule(150, 200, 250, 280),
      shape(150, 130, 350, 136),
      shape(340, 128, 350, 138),
    ];
    const axisTitle = {
      ...line('Number of characteristics', 120, 160),
      isVertical: true,
      box: box(120, 140, 132, 280),
    };
    expect(findFigures({ ...LETTER, paths: chart, lines: [axisTitle], tables: [] })).toEqual([
      box(100, 100, 400, 300),
    ]);
    expect(findFigures({ ...LETTER, paths: chart, lines: [], tables: [] })).toEqual([]);
    const rules = [100, 120, 300].map((y) => rule(100, y, 400, y + 0.5));
    const heads = [0, 1, 2, 3].map((column) => ({
      ...line('Dataset', 150 + column * 50, 110),
      isVertical: true,
      box: box(150 + column * 50, 100, 160 + column * 50, 118),
    }));
    expect(findFigures({ ...LETTER, paths: rules, lines: heads, tables: [] })).toEqual([]);
  });

  it('finds a plot of two curves on a grid of many rules, and not when a table covers it', () => {
    // A grid of twenty rules, the axes, and two long curves (a sine and a cosine) across it.
    const grid = [
      ...Array.from({ length: 10 }, (_unused, index) => rule(100 + index * 30, 100, 100.5, 250)),
      ...Array.from({ length: 10 }, (_unused, index) => rule(100, 100 + index * 15, 370, 100.5 + index * 15)),
      rule(100, 175, 370, 176),
      rule(100, 100, 101, 250),
    ];
    const curves = [shape(100, 110, 370, 240), shape(100, 115, 370, 235)];
    expect(findFigures({ ...LETTER, paths: [...grid, ...curves], lines: [], tables: [] })).toEqual([
      box(100, 100, 370, 250),
    ]);
    expect(findFigures({ ...LETTER, paths: grid, lines: [], tables: [] })).toEqual([]);
    expect(
      findFigures({ ...LETTER, paths: [...grid, ...curves], lines: [], tables: [box(99, 99, 371, 251)] }),
    ).toEqual([]);
  });

  it('takes a grid of rules read as a labelled drawing for a figure, with the labels beside it', () => {
    const drawing = box(100, 100, 300, 200);
    const label = line('g1', 302, 150, { x1: 312 });
    const figures = findFigures({ ...LETTER, paths: [], lines: [label], tables: [], drawings: [drawing] });
    expect(figures).toEqual([box(100, 100, 312, 200)]);
  });

  it('finds a bar chart drawn with rectangles only, and not the shaded rows of a table', () => {
    // Eight bars of one thickness standing on the axis at x = 300, reaching left by 20 to 160 points.
    const bars = [20, 160, 45, 90, 130, 60, 110, 75].map((length, row) =>
      rule(300 - length, 100 + row * 8, 300, 106 + row * 8),
    );
    const figures = findFigures({ ...LETTER, paths: bars, lines: [], tables: [] });
    expect(figures).toEqual([box(140, 100, 300, 162)]);
    // Eight shaded rows one below the other: all of one length.
    const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((row) => rule(100, 100 + row * 8, 300, 106 + row * 8));
    expect(findFigures({ ...LETTER, paths: rows, lines: [], tables: [] })).toEqual([]);
    // Boxes of a form, of many heights: no chart.
    const boxes = [20, 160, 45, 90, 130, 60, 110, 75].map((length, row) =>
      rule(300 - length, 100 + row * 20, 300, 102 + row * 20 + row * row),
    );
    expect(findFigures({ ...LETTER, paths: boxes, lines: [], tables: [] })).toEqual([]);
  });

  it('keeps paths apart when they are apart, and leaves out a page-sized background', () => {
    const background = shape(0, 0, 612, 792);
    const second = plot.map((path) => ({
      ...path,
      box: { ...path.box, y0: path.box.y0 + 300, y1: path.box.y1 + 300 },
    }));
    const figures = findFigures({
      ...LETTER,
      paths: [background, ...plot, ...second],
      lines: [],
      tables: [],
    });
    expect(figures).toHaveLength(2);
  });

  it('leaves a rule across the page out of a chart it touches: a table beside the chart stays out of its figure', () => {
    // A running head's underline from margin to margin, touching the plot's top; the table's rules beside the plot.
    const underline = rule(50, 99, 562, 100);
    const table = [rule(330, 120, 560, 121), rule(330, 140, 560, 141), rule(330, 250, 560, 251)];
    const figures = findFigures({
      ...LETTER,
      paths: [underline, ...plot, ...table],
      lines: [],
      tables: [box(330, 120, 560, 251)],
    });
    expect(figures).toHaveLength(1);
    expect((figures[0] as Box).x1).toBeLessThan(330);
  });

  it('keeps the 40 largest figures of a page of many small drawings', () => {
    const drawings: PathMark[] = [];
    for (let index = 0; index < 60; index += 1) {
      const x = 20 + (index % 10) * 58;
      const y = 20 + Math.floor(index / 10) * 120;
      const height = 30 + index;
      drawings.push(...[0, 1, 2].map((step) => shape(x, y + step * 10, x + 40, y + height)));
    }
    const figures = findFigures({ ...LETTER, paths: drawings, lines: [], tables: [] });
    expect(figures).toHaveLength(40);
    expect(Math.min(...figures.map((figure) => figure.y1 - figure.y0))).toBe(50);
  });

  it('looks for drop shadows in a grid of forty thousand cells without comparing them pairwise', () => {
    const cells: PathMark[] = [];
    for (let index = 0; index < 40_000; index += 1) {
      const x = 20 + (index % 200) * 2.5;
      const y = 20 + Math.floor(index / 200) * 3.5;
      cells.push(rule(x, y, x + 7, y + 7));
    }
    // Rectangles only, none of them a shadow of another (they overlap by more than a shadow's shift): no figure.
    expect(findFigures({ ...LETTER, paths: cells, lines: [], tables: [] })).toEqual([]);
  });

  it('groups a page of a hundred thousand dots without comparing them pairwise', () => {
    const dots: PathMark[] = [];
    for (let index = 0; index < 100_000; index += 1) {
      const x = 100 + (index % 400);
      const y = 100 + Math.floor(index / 400);
      dots.push(shape(x, y, x + 0.5, y + 0.5));
    }
    expect(findFigures({ ...LETTER, paths: dots, lines: [], tables: [] })).toEqual([
      box(100, 100, 499.5, 349.5),
    ]);
  });
});

describe('withoutDecorations', () => {
  it('leaves out a figure in the same place on three pages or more, and keeps one on two', () => {
    const logo = box(40, 20, 120, 60);
    const chart = box(100, 300, 400, 500);
    const pages = [[logo, chart], [box(41, 21, 119, 59)], [logo], [chart]];
    expect(withoutDecorations(pages)).toEqual([[chart], [], [], [chart]]);
  });
});
