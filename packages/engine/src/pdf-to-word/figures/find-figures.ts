import {
  boxHeight as height,
  boxWidth as width,
  centerX,
  centerY,
  median,
  unionBox,
  type Box,
  type Line,
} from '../model/layout-model.ts';
import type { PathMark } from '../read/raw-page.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Finds the figures drawn with vector paths (charts, diagrams, plots): paths that touch or nearly touch make one
 * drawing; a drawing with enough shapes, big enough, and with sparse text is a figure, which takes the short lines
 * of text next to it (its labels). `tables`: boxes of the page's ruled tables, never figures. Returns each figure's
 * box, to be drawn as a picture in place of its paths and text.
 */
export function findFigures(page: {
  width: number;
  height: number;
  paths: readonly PathMark[];
  lines: readonly Line[];
  tables: readonly Box[];
  /** Grids of rules with a few labels in them, read as figures (`isLabelledDrawing`). */
  drawings?: readonly Box[];
}): Box[] {
  const pageArea = page.width * page.height;
  // A rule across the page (a running head's underline) joined a chart under it to everything it touched, a table
  // beside the chart too (Whisper's Table 2 beside its Figure 2), and made them one picture.
  const paths = page.paths.filter(
    (path) => area(path.box) <= SETTINGS.figures.maxPathPageShare * pageArea && !isPageRule(path, page.width),
  );
  const figures: Box[] = [];
  for (const group of groupNear(paths, SETTINGS.figures.joinGap, page.width, page.height)) {
    const drawn = unionBox(group.map((path) => path.box));
    if (drawn.x1 - drawn.x0 < SETTINGS.figures.minWidth || drawn.y1 - drawn.y0 < SETTINGS.figures.minHeight)
      continue;
    const shadows = countShadows(group);
    const curves = group.filter((path) => path.isShape).length;
    // An axis's title turned on its side (one or two) is a chart's mark as much as an arrow is; a table's turned
    // column heads, among rules only, are not.
    const sideways =
      curves > 0
        ? Math.min(
            SETTINGS.figures.maxAxisTitles,
            page.lines.filter((line) => line.isVertical && isInside(line.box, drawn)).length,
          )
        : 0;
    const shapes = curves + countBars(group) + shadows + sideways;
    // Boxes and rules alone read as a table or a form. With shadowed boxes, or long connectors and outlines among
    // them, they are a diagram (a UML model, a geometric construction), however many plain boxes and cells it has;
    // and a plot's two long curves make a figure of its grid.
    const longCurves = group.filter(
      (path) => path.isShape && Math.max(width(path.box), height(path.box)) >= SETTINGS.figures.minHeight,
    ).length;
    const isDiagram = shadows >= SETTINGS.figures.minShapes || longCurves >= SETTINGS.figures.minShapes;
    const isTable = page.tables.some(
      (table) => overlapArea(table, drawn) > SETTINGS.figures.maxTableOverlapShare * area(drawn),
    );
    const isPlot = !isTable && longCurves >= SETTINGS.figures.minPlotCurves;
    if (
      !isDiagram &&
      !isPlot &&
      (shapes < SETTINGS.figures.minShapes || shapes < SETTINGS.figures.minShapeShare * group.length)
    )
      continue;
    if (!isDiagram && isTable) continue;
    const box = withLabels(drawn, page.lines);
    const textArea = page.lines
      .filter((line) => isInside(line.box, box))
      .reduce((sum, line) => sum + area(line.box), 0);
    if (textArea > SETTINGS.figures.maxTextShare * area(box)) continue;
    if (isFontSamples(page.lines.filter((line) => isInside(line.box, box)))) continue;
    figures.push(box);
  }
  for (const drawing of page.drawings ?? []) figures.push(withLabels(drawing, page.lines));
  return mergeOverlapping(figures)
    .sort((a, b) => area(b) - area(a))
    .slice(0, SETTINGS.figures.maxFigures);
}

/**
 * Lines of words each set in one face, in many faces: samples of fonts in boxes (a report's list of its fonts, a
 * specimen), which read as text. A figure's labels are short, and set in a face or two; a line that mixes faces (a
 * caption's bold label, a legend's symbols) is no sample.
 */
function isFontSamples(lines: readonly Line[]): boolean {
  // The face of each line of enough words set in one face.
  const sampleFaces = lines.flatMap((line) => {
    const faces = new Set(
      line.spans
        .filter((span) => span.text.trim() !== '')
        .map(({ style }) => `${style.font}/${style.isBold ? 'b' : ''}${style.isItalic ? 'i' : ''}`),
    );
    const words = line.text.split(/\s+/u).filter((word) => /\p{L}/u.test(word)).length;
    return faces.size === 1 && words >= SETTINGS.figures.minSampleWords ? [...faces] : [];
  });
  return (
    sampleFaces.length >= SETTINGS.figures.minSampleLines &&
    new Set(sampleFaces).size >= SETTINGS.figures.minSampleFaces
  );
}

/** The drawing's box with the short lines of text next to it, and next to those: an axis's title below its ticks. */
function withLabels(drawn: Box, lines: readonly Line[]): Box {
  let box = drawn;
  for (let pass = 0; pass < SETTINGS.figures.labelPasses; pass += 1) {
    const labels = lines.filter((line) => isLabelOf(line, box));
    box = unionBox([box, ...labels.map((line) => line.box)]);
  }
  return box;
}

/**
 * Boxes drawn with a drop shadow: rectangles with another of their size a little below and to their right (by
 * 0.8–4 points). Diagramming tools draw them; tables and forms do not. Boxes are looked up by the point they start
 * at, a few neighbouring points each: a grid of a hundred thousand cells is not compared pairwise.
 */
function countShadows(group: readonly PathMark[]): number {
  const boxes = group
    .filter(
      (path) =>
        !path.isShape && Math.min(width(path.box), height(path.box)) > SETTINGS.figures.minShadowedSide,
    )
    .map((path) => path.box);
  const startingAt = new Map<string, Box[]>();
  for (const box of boxes) {
    const key = `${Math.round(box.x0)},${Math.round(box.y0)}`;
    startingAt.set(key, [...(startingAt.get(key) ?? []), box]);
  }
  const isShadowOf = (box: Box, other: Box) => {
    const shift = other.x0 - box.x0;
    return (
      shift >= SETTINGS.figures.minShadowShift &&
      shift <= SETTINGS.figures.maxShadowShift &&
      Math.abs(other.y0 - box.y0 - shift) <= SETTINGS.figures.shadowTolerance &&
      Math.abs(width(other) - width(box)) <= SETTINGS.figures.shadowTolerance &&
      Math.abs(height(other) - height(box)) <= SETTINGS.figures.shadowTolerance
    );
  };
  const shadowed = new Set<string>();
  for (const box of boxes) {
    let hasShadow = false;
    for (
      let dx = Math.floor(SETTINGS.figures.minShadowShift);
      dx <= Math.ceil(SETTINGS.figures.maxShadowShift) + 1 && !hasShadow;
      dx += 1
    ) {
      for (let dy = dx - 1; dy <= dx + 1 && !hasShadow; dy += 1) {
        const near = startingAt.get(`${Math.round(box.x0) + dx},${Math.round(box.y0) + dy}`) ?? [];
        hasShadow = near.some((other) => isShadowOf(box, other));
      }
    }
    // A box's fill and its outline are one box.
    if (hasShadow)
      shadowed.add(
        `${Math.round(box.x0 / SETTINGS.figures.maxShadowShift)},${Math.round(box.y0 / SETTINGS.figures.maxShadowShift)}`,
      );
  }
  return shadowed.size;
}

/**
 * The bars of the group's bar chart, or 0: the largest set of rectangles (not shapes, not rules) sharing one edge,
 * of one thickness across it, and of lengths that differ along it.
 */
function countBars(group: readonly PathMark[]): number {
  const blocks = group
    .map((path) => path.box)
    .filter(
      (box, index) =>
        !group[index]?.isShape && Math.min(width(box), height(box)) > SETTINGS.figures.minBarThickness,
    );
  let most = 0;
  for (const edge of ['x0', 'x1', 'y0', 'y1'] as const) {
    // Bars on a common left or right edge run across the page: their length is their width.
    const isAcross = edge === 'x0' || edge === 'x1';
    const onEdge = new Map<number, Box[]>();
    for (const box of blocks) {
      const key = Math.round(box[edge] / SETTINGS.figures.sameEdgeStep);
      onEdge.set(key, [...(onEdge.get(key) ?? []), box]);
    }
    for (const standing of onEdge.values()) {
      if (standing.length < SETTINGS.figures.minBars) continue;
      const thickness = median(standing.map((box) => (isAcross ? height(box) : width(box))));
      const bars = standing.filter(
        (box) =>
          Math.abs((isAcross ? height(box) : width(box)) - thickness) <=
          SETTINGS.figures.barThicknessTolerance * thickness,
      );
      const lengths = bars.map((box) => (isAcross ? width(box) : height(box)));
      if (
        bars.length >= SETTINGS.figures.minBars &&
        Math.max(...lengths) >= SETTINGS.figures.minBarLengthRatio * Math.min(...lengths)
      )
        most = Math.max(most, bars.length);
    }
  }
  return most;
}

/** Whether the middle of `inner` lies inside `outer`. */
/** A thin straight rule across most of the page's width: a separator of the page, not of a drawing. */
const isPageRule = (path: PathMark, pageWidth: number): boolean =>
  !path.isShape &&
  height(path.box) <= SETTINGS.tables.snap &&
  width(path.box) > SETTINGS.figures.maxFigureRuleWidthShare * pageWidth;

export function isInside(inner: Box, outer: Box): boolean {
  const x = centerX(inner);
  const y = centerY(inner);
  return x >= outer.x0 && x <= outer.x1 && y >= outer.y0 && y <= outer.y1;
}

function isLabelOf(line: Line, drawn: Box): boolean {
  if (isInside(line.box, drawn)) return true;
  const size = Math.max(...line.spans.map((span) => span.style.size), 1);
  const reach = SETTINGS.figures.labelReachEm * size;
  const gapX = Math.max(drawn.x0 - line.box.x1, line.box.x0 - drawn.x1, 0);
  const gapY = Math.max(drawn.y0 - line.box.y1, line.box.y0 - drawn.y1, 0);
  return gapX <= reach && gapY <= reach && line.text.trim().length <= SETTINGS.figures.maxLabelCharacters;
}

/**
 * Paths whose boxes come within about `gap` of each other, grouped (transitively). The boxes, widened by half the
 * gap, are painted on a coarse grid of the page (a difference array: constant work per box, whatever its size), and
 * each connected patch of painted cells is a group: linear in the paths, so a page of a million dots costs no more
 * than its paths do.
 */
function groupNear(paths: readonly PathMark[], gap: number, width: number, height: number): PathMark[][] {
  if (paths.length === 0) return [];
  const cell = Math.max(
    gap / 2,
    width / SETTINGS.figures.maxGridCells,
    height / SETTINGS.figures.maxGridCells,
  );
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const toColumn = (x: number) => Math.min(columns - 1, Math.max(0, Math.floor(x / cell) + 1));
  const toRow = (y: number) => Math.min(rows - 1, Math.max(0, Math.floor(y / cell) + 1));
  const cellsOf = (box: Box) => ({
    c0: toColumn(box.x0 - gap / 2),
    c1: toColumn(box.x1 + gap / 2),
    r0: toRow(box.y0 - gap / 2),
    r1: toRow(box.y1 + gap / 2),
  });
  const painted = new Int32Array((columns + 1) * (rows + 1));
  const at = (column: number, row: number) => row * (columns + 1) + column;
  for (const { box } of paths) {
    const { c0, c1, r0, r1 } = cellsOf(box);
    painted[at(c0, r0)] = (painted[at(c0, r0)] as number) + 1;
    painted[at(c1 + 1, r0)] = (painted[at(c1 + 1, r0)] as number) - 1;
    painted[at(c0, r1 + 1)] = (painted[at(c0, r1 + 1)] as number) - 1;
    painted[at(c1 + 1, r1 + 1)] = (painted[at(c1 + 1, r1 + 1)] as number) + 1;
  }
  for (let row = 0; row <= rows; row += 1) {
    for (let column = 0; column <= columns; column += 1) {
      const above = row > 0 ? (painted[at(column, row - 1)] as number) : 0;
      const left = column > 0 ? (painted[at(column - 1, row)] as number) : 0;
      const both = row > 0 && column > 0 ? (painted[at(column - 1, row - 1)] as number) : 0;
      painted[at(column, row)] = (painted[at(column, row)] as number) + above + left - both;
    }
  }
  // Patches of painted cells, 8-connected, numbered from 1.
  const patch = new Int32Array((columns + 1) * (rows + 1));
  let patches = 0;
  const stack: number[] = [];
  for (let start = 0; start < patch.length; start += 1) {
    if ((painted[start] as number) <= 0 || patch[start] !== 0) continue;
    patches += 1;
    patch[start] = patches;
    stack.push(start);
    while (stack.length > 0) {
      const index = stack.pop() as number;
      const column = index % (columns + 1);
      const row = Math.floor(index / (columns + 1));
      for (let dr = -1; dr <= 1; dr += 1) {
        for (let dc = -1; dc <= 1; dc += 1) {
          const c = column + dc;
          const r = row + dr;
          if (c < 0 || r < 0 || c > columns || r > rows) continue;
          const next = at(c, r);
          if ((painted[next] as number) > 0 && patch[next] === 0) {
            patch[next] = patches;
            stack.push(next);
          }
        }
      }
    }
  }
  const groups = new Map<number, PathMark[]>();
  for (const path of paths) {
    const { c0, r0 } = cellsOf(path.box);
    const id = patch[at(c0, r0)] as number;
    const group = groups.get(id);
    if (group) group.push(path);
    else groups.set(id, [path]);
  }
  return [...groups.values()];
}

/** Figures that overlap become one (a chart's labels may reach the next drawing). */
export function mergeOverlapping(boxes: readonly Box[]): Box[] {
  const merged = [...boxes];
  for (let changed = true; changed;) {
    changed = false;
    for (let i = 0; i < merged.length && !changed; i += 1) {
      for (let j = i + 1; j < merged.length && !changed; j += 1) {
        if (overlapArea(merged[i] as Box, merged[j] as Box) > 0) {
          merged[i] = unionBox([merged[i] as Box, merged[j] as Box]);
          merged.splice(j, 1);
          changed = true;
        }
      }
    }
  }
  return merged;
}

function area(box: Box): number {
  return Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
}

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return width > 0 && height > 0 ? width * height : 0;
}
