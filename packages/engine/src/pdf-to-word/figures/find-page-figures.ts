import { isInside, mergeOverlapping, findFigures } from './find-figures.ts';
import { findFormulas } from './find-formulas.ts';
import { joinRowFragments } from './join-row-fragments.ts';
import type { Box, Line } from '../model/layout-model.ts';
import { shrinkLoneMarks } from '../read/line-characters.ts';
import type { ReadPage } from '../read/raw-page.ts';
import { detectTables } from '../tables/detect-tables.ts';

/**
 * The figures of a page as read: the boxes of its drawings made of vector paths (`findFigures`, away from its tables
 * and from grids that are labelled drawings) and of its formulas whose lines stand over each other (`findFormulas`,
 * measured on the page as drawn; not those of tables' cells), which the caller may draw as pictures; and the page's
 * lines with the fragments of one row joined, except inside formulas (`joinRowFragments`). A page read turned has
 * no figures.
 */
export function findPageFigures(read: ReadPage): { lines: Line[]; figures: Box[] } {
  const { layout, drawing } = read;
  const { lines, rules, fills, width, height } = layout;
  const found = drawing ? detectTables(lines, rules, fills, drawing.shapes) : null;
  const formulas =
    drawing && found
      ? findFormulas(drawing.marks, drawing.maths, lines, rules).filter(
          (box) => !found.tables.some((table) => isInside(box, table.box)),
        )
      : [];
  const figures =
    drawing && found
      ? findFigures({
          width,
          height,
          paths: drawing.paths,
          lines,
          tables: found.tables.map((table) => table.box),
          drawings: found.drawings,
        })
      : [];
  return {
    lines: shrinkLoneMarks(joinRowFragments(lines, formulas)),
    figures: formulas.length > 0 ? mergeOverlapping([...figures, ...formulas]) : figures,
  };
}
