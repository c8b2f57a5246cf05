import { isInside } from './find-figures.ts';
import { unionBox, type Box, type Line } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The lines with the fragments of one row joined: MuPDF starts a new line where the text goes back to the left,
 * as it does after a prime with an index under it (`γ′₁`). Each fragment would become a line of its own in Word.
 * A fragment joins the one before it when both stand on one baseline and it starts a little before the other
 * ends, in its second half. Lines inside `formulas` (drawn as pictures) are left as they are.
 */
export function joinRowFragments(lines: readonly Line[], formulas: readonly Box[]): Line[] {
  const isJoinable = (line: Line) =>
    !line.isVertical && !formulas.some((formula) => isInside(line.box, formula));
  const candidates = lines.filter(isJoinable).sort((a, b) => a.baseline - b.baseline || a.box.x0 - b.box.x0);
  const joined = new Map<Line, Line>();
  const absorbed = new Set<Line>();
  let current: { first: Line; line: Line } | null = null;
  for (const line of candidates) {
    if (current && isNextFragment(current.line, line)) {
      const before: Line = current.line;
      const whole: Line = {
        ...before,
        box: unionBox([before.box, line.box]),
        spans: [...before.spans, ...line.spans],
        text: before.text + line.text,
      };
      current = { first: current.first, line: whole };
      joined.set(current.first, whole);
      absorbed.add(line);
      continue;
    }
    current = { first: line, line };
  }
  if (absorbed.size === 0) return [...lines];
  return lines.filter((line) => !absorbed.has(line)).map((line) => joined.get(line) ?? line);
}

function isNextFragment(before: Line, after: Line): boolean {
  const size = Math.max(...before.spans.map((span) => span.style.size), 1);
  if (Math.abs(after.baseline - before.baseline) > SETTINGS.figures.sameBaselineEm * size) return false;
  const overlap = before.box.x1 - after.box.x0;
  return (
    overlap > 0 &&
    overlap <= SETTINGS.figures.maxOverlapEm * size &&
    after.box.x0 > (before.box.x0 + before.box.x1) / 2 &&
    after.box.x1 > before.box.x1
  );
}
