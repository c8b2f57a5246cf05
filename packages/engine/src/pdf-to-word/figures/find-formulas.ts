import { mergeOverlapping } from './find-figures.ts';
import { boxHeight, boxWidth, unionBox, type Box, type Line, type Rule } from '../model/layout-model.ts';
import type { FormulaMark } from '../read/raw-page.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The boxes of the formulas built with marks that span lines: each tall mark, with the lines whose baselines lie
 * within its height and that touch it or each other on the row (its matrix's entries, the text before and after
 * it, its limits and scripts). Set as text, each of those lines would become a line of its own in Word, a matrix
 * several times its height; drawn as a picture, the formula keeps its height and looks as typeset. Marks in one
 * formula, or formulas that overlap, make one box.
 */
export function findFormulas(
  marks: readonly FormulaMark[],
  mathsGlyphs: readonly Box[],
  lines: readonly Line[],
  rules: readonly Rule[] = [],
): Box[] {
  const tall = marks
    .filter((mark) => boxHeight(mark.box) >= SETTINGS.figures.minSpanEm * mark.size)
    .map((mark) => mark.box);
  const upright = lines.filter((line) => !line.isVertical && line.text.trim() !== '');
  if (upright.length > SETTINGS.figures.maxLines || mathsGlyphs.length > SETTINGS.figures.maxMathsGlyphs)
    return [];
  const formulas: Box[] = [];
  const isMaths = mathsLines(upright, mathsGlyphs);
  const seeds = [...tall, ...stackedLines(upright, isMaths), ...fractions(upright, isMaths, rules)];
  if (seeds.length > SETTINGS.figures.maxSeeds) return [];
  for (const start of mergeOverlapping(seeds)) {
    let box = start;
    const taken = new Set<Line>();
    for (let round = 0; round < SETTINGS.figures.maxRounds; round += 1) {
      const joining = upright.filter((line) => !taken.has(line) && isInRow(line, box));
      if (joining.length === 0) break;
      for (const line of joining) taken.add(line);
      box = unionBox([box, ...joining.map(reach)]);
    }
    formulas.push(box);
  }
  return mergeOverlapping(formulas);
}

/**
 * Where lines of mathematics stand one over another, closer than lines of text can: a sum's limits, a fraction's
 * parts around its row, scripts stacked over a bar. Each pair of such lines (one of them set in a maths font, and
 * overlapping across) gives the box of both.
 */
function stackedLines(lines: readonly Line[], isMaths: ReadonlySet<Line>): Box[] {
  if (isMaths.size === 0) return [];
  const sorted = [...lines].sort((a, b) => a.baseline - b.baseline);
  const largest = Math.max(...lines.map(lineSize));
  const stacked: Box[] = [];
  for (const [index, upper] of sorted.entries()) {
    for (const lower of sorted.slice(index + 1, index + 1 + SETTINGS.figures.maxStackNeighbours)) {
      const size = Math.max(lineSize(upper), lineSize(lower));
      const step = lower.baseline - upper.baseline;
      if (step >= SETTINGS.figures.maxStackStepEm * largest) break;
      if (step >= SETTINGS.figures.maxStackStepEm * size) continue;
      if (!isMaths.has(upper) && !isMaths.has(lower)) continue;
      // Lines of one row overlap only where MuPDF cut a fraction's or a stack's parts into lines of their own.
      const across = Math.min(upper.box.x1, lower.box.x1) - Math.max(upper.box.x0, lower.box.x0);
      if (
        across <=
        (step <= SETTINGS.figures.minStackStepEm * size ? SETTINGS.figures.minRowOverlapEm * size : 0)
      )
        continue;
      stacked.push(unionBox([reach(upper), reach(lower)]));
    }
  }
  return stacked;
}

/**
 * Fractions: a short rule with a line of mathematics just above it and a line just below, each mostly over the
 * rule. Each gives the box of the rule and both lines.
 */
function fractions(lines: readonly Line[], isMaths: ReadonlySet<Line>, rules: readonly Rule[]): Box[] {
  if (isMaths.size === 0 || rules.length > SETTINGS.figures.maxBarRules) return [];
  const found: Box[] = [];
  for (const rule of rules) {
    if (
      boxHeight(rule.box) > SETTINGS.figures.maxBarThickness ||
      boxWidth(rule.box) > SETTINGS.figures.maxBarWidth
    )
      continue;
    const isOver = (line: Line) =>
      Math.min(line.box.x1, rule.box.x1) - Math.max(line.box.x0, rule.box.x0) >
      SETTINGS.figures.minBarCoverShare * boxWidth(line.box);
    const near = (line: Line) => SETTINGS.figures.barReachEm * lineSize(line);
    const above = lines.find(
      (line) => isOver(line) && line.baseline <= rule.box.y0 && rule.box.y0 - line.baseline < near(line),
    );
    const below = lines.find(
      (line) =>
        isOver(line) &&
        line.baseline > rule.box.y1 &&
        reach(line).y0 - rule.box.y1 < near(line) * SETTINGS.figures.denominatorReachShare,
    );
    if (above && below && (isMaths.has(above) || isMaths.has(below)))
      found.push(unionBox([rule.box, reach(above), reach(below)]));
  }
  return found;
}

/** The lines that hold the middle of a maths glyph: glyphs sorted down the page, each line looking at its height. */
function mathsLines(lines: readonly Line[], glyphs: readonly Box[]): Set<Line> {
  const middles = glyphs
    .map((glyph) => ({ x: (glyph.x0 + glyph.x1) / 2, y: (glyph.y0 + glyph.y1) / 2 }))
    .sort((a, b) => a.y - b.y);
  const found = new Set<Line>();
  for (const line of lines) {
    let low = 0;
    let high = middles.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((middles[mid] as { y: number }).y < line.box.y0) low = mid + 1;
      else high = mid;
    }
    for (let index = low; index < middles.length; index += 1) {
      const middle = middles[index] as { x: number; y: number };
      if (middle.y > line.box.y1) break;
      if (middle.x >= line.box.x0 && middle.x <= line.box.x1) {
        found.add(line);
        break;
      }
    }
  }
  return found;
}

/** Whether the line's baseline lies within the box's height, and the line touches the box on its row. */
function isInRow(line: Line, box: Box): boolean {
  if (line.baseline < box.y0 || line.baseline > box.y1) return false;
  const gap = Math.max(box.x0 - line.box.x1, line.box.x0 - box.x1, 0);
  return gap <= SETTINGS.figures.joinGapEm * lineSize(line);
}

/**
 * The part of the page a line's letters take: from its ascenders to its descenders. Maths fonts declare far taller
 * boxes than they draw, which would reach into the lines above and below.
 */
function reach(line: Line): Box {
  const size = lineSize(line);
  return {
    x0: line.box.x0,
    x1: line.box.x1,
    y0: Math.max(line.box.y0, line.baseline - SETTINGS.figures.ascentEm * size),
    y1: Math.min(line.box.y1, line.baseline + SETTINGS.figures.descentEm * size),
  };
}

function lineSize(line: Line): number {
  return Math.max(...line.spans.map((span) => span.style.size), 1);
}
