import { describe, expect, it } from 'vitest';
import { isInside } from './find-figures.ts';
import { findFormulas } from './find-formulas.ts';
import type { Box, Line } from '../model/layout-model.ts';
import { joinRowFragments } from './join-row-fragments.ts';
import { box, line } from '../model/test-layout.ts';

/** A maths glyph in the middle of `of`: the line is set (partly) in a maths font. */
const glyphIn = (of: Line): Box => {
  const x = (of.box.x0 + of.box.x1) / 2;
  const y = (of.box.y0 + of.box.y1) / 2;
  return box(x - 1, y - 1, x + 1, y + 1);
};
const script = { style: { size: 7 } };
const texts = (lines: readonly Line[], formulas: readonly Box[]) =>
  lines.filter((each) => formulas.some((formula) => isInside(each.box, formula))).map((each) => each.text);

describe('findFormulas', () => {
  // "O. B. d. A. sei N = (0 ⋮ 0 1). Die Gerade durch N …": a column vector in parentheses 4 lines tall, in a
  // paragraph whose lines are 14 points apart.
  const above = line('Beispiel 14: Sn und Sn ohne N sind homöomorph.', 90, 200);
  const entries = [228, 240, 252, 264].map((y, index) => line(['0', '⋮', '0', '1'][index] as string, 222, y));
  const before = line('O. B. d. A. sei N =', 90, 246, { x1: 210 });
  const after = line('. Die Gerade durch N und P schneidet die Ebene H', 240, 246, { x1: 470 });
  const below = line('einem Punkt P. P wird auf P abgebildet.', 90, 282);
  const paragraph = [above, ...entries, before, after, below];
  const parentheses = [
    { box: box(211, 218, 221, 267), size: 10 },
    { box: box(230, 218, 240, 267), size: 10 },
  ];

  it('takes a bracket that spans lines with its entries and the text of its row, and no other line', () => {
    const formulas = findFormulas(parentheses, [], paragraph);
    expect(formulas).toHaveLength(1);
    expect(texts(paragraph, formulas).sort()).toEqual(
      [...entries.map((each) => each.text), before.text, after.text].sort(),
    );
    const [formula] = formulas as [Box];
    // As tall as the bracket, not as the lines' declared boxes: the lines above and below stay clear of it.
    expect(formula.y0).toBeGreaterThan(above.box.y1);
    expect(formula.y1).toBeLessThan(below.box.y0);
  });

  it('leaves a bracket within its line as text (a big bracket, a displayed sum)', () => {
    const big = parentheses.map((mark) => ({ ...mark, box: { ...mark.box, y0: 236, y1: 250 } }));
    expect(findFormulas(big, [], paragraph)).toEqual([]);
  });

  it('takes a sum with its limits over and under it, when they are mathematics', () => {
    const upper = line('n+1', 300, 394, script);
    const row = line('x ∈ R | ∑ x2 = 1', 250, 400, { x1: 360 });
    const lower = line('i=1', 300, 406, script);
    const lines = [line('Es gilt:', 90, 380), upper, row, lower, line('Die Abbildung ist stetig.', 90, 430)];
    const formulas = findFormulas([], [glyphIn(row)], lines);
    expect(texts(lines, formulas).sort()).toEqual([upper.text, row.text, lower.text].sort());
    // Three short lines of a form's cell, one over the other, are no formula: none is in a maths font.
    expect(findFormulas([], [], lines)).toEqual([]);
  });

  it('takes a fraction: a short bar with mathematics over and under it', () => {
    const numerator = line('x0', 200, 506);
    const bar = { box: box(198, 509, 214, 509.4), color: '000000' };
    const denominator = line('xi', 201, 520);
    const row = line('(x0 : … : xn) ↦', 100, 512, { x1: 190 });
    const lines = [numerator, denominator, row];
    const formulas = findFormulas([], [glyphIn(numerator)], lines, [bar]);
    expect(texts(lines, formulas).sort()).toEqual([numerator.text, denominator.text, row.text].sort());
    // A rule across a column (a table's, an underline's) is no fraction bar.
    expect(
      findFormulas([], [glyphIn(numerator)], lines, [{ ...bar, box: box(90, 509, 520, 509.4) }]),
    ).toEqual([]);
  });

  it("takes the parts of a row cut where a fraction's parts stand over each other", () => {
    // "⇒ a ≠ 0 und (b/a)² + (c/a)² < 1": MuPDF ends a line after the numerator and starts one under it.
    const first = line('⇒ a ≠ 0 und (b', 110, 600, { x1: 200 });
    const second = line('a)2 + (c', 196, 600, { x1: 240 });
    const formulas = findFormulas([], [glyphIn(first)], [first, second]);
    expect(texts([first, second], formulas)).toEqual([first.text, second.text]);
  });
});

describe('findFormulas on a hostile page', () => {
  it('leaves a page of thousands of overlapping maths fragments as text, without comparing them all', () => {
    const fragments = Array.from({ length: 4000 }, (_, index) =>
      line('x', 50 + (index % 400), 100 + Math.floor(index / 400) * 3, { x1: 60 + (index % 400) }),
    );
    expect(findFormulas([], fragments.map(glyphIn), fragments)).toEqual([]);
  });
});

describe('joinRowFragments', () => {
  // "Sind γ1 ∼ γ′1 und …": the index under the prime starts the next line a little to the left.
  const first = line('Sind γ1 ∼ γ′', 110, 731, { x1: 168 });
  const second = line('1 und γ2 ∼ γ′', 165, 731, { x1: 229 });
  const third = line('2, so ist γ1 ∗ γ2.', 226, 731, { x1: 320 });

  it('joins the fragments of one row into one line, in order', () => {
    const joined = joinRowFragments([third, first, second], []);
    expect(joined).toHaveLength(1);
    expect(joined[0]?.text).toBe('Sind γ1 ∼ γ′1 und γ2 ∼ γ′2, so ist γ1 ∗ γ2.');
    expect(joined[0]?.box).toEqual(box(110, first.box.y0, 320, first.box.y1));
  });

  it('leaves apart lines of other rows, of other columns, and those of a formula drawn as a picture', () => {
    const column = line('Die zweite Spalte beginnt hier.', 330, 731);
    const next = line('nach c.', 110, 745);
    expect(joinRowFragments([first, column, next], [])).toEqual([first, column, next]);
    expect(joinRowFragments([first, second], [box(100, 700, 240, 740)])).toEqual([first, second]);
  });
});
