/**
 * The adjacency-relation measure of table structure of the ICDAR 2013 table competition (Göbel, Hassan, Oro and
 * Orsi): a table is the set of its cells' relations to their nearest non-empty neighbour to the right (in each row
 * the cell spans) and below (in each column it spans), each relation the two cells' texts and its direction. The
 * texts are compared with their white space removed (as the competition did). Precision is the share of the found
 * relations that the truth has; recall, the share of the truth's that were found.
 */

/** A table as a grid of texts, row by row: `<` is a place of the cell to its left, `^` of the cell above it. */
export type TextGrid = readonly (readonly string[])[];

export type Score = { found: number; truth: number; correct: number };

/** White space, and bullets (often a symbol font's private glyph), are no part of what a cell says. */
const normal = (text: string) => text.replace(/[\s\u2022\u25aa\u25cf\ue000-\uf8ff]+/gu, '');

type Place = { id: number; text: string };

/** Each place of the grid with the cell that covers it (an id per cell) and the cell's text. */
function places(grid: TextGrid): Place[][] {
  let next = 0;
  const out: Place[][] = [];
  grid.forEach((row, r) => {
    const placed: Place[] = [];
    row.forEach((text, c) => {
      const left = placed[c - 1];
      const above = out[r - 1]?.[c];
      if (text === '<' && left) placed.push(left);
      else if (text === '^' && above) placed.push(above);
      else placed.push({ id: (next += 1), text: normal(text) });
    });
    out.push(placed);
  });
  return out;
}

/** The table's adjacency relations, as `direction|text|neighbour's text`, each relation of two cells once. */
export function adjacencyRelations(grid: TextGrid): string[] {
  const grid2 = places(grid);
  const relations = new Set<string>();
  const add = (from: Place, to: Place, direction: 'right' | 'down') =>
    relations.add(`${from.id}>${to.id}|${direction}|${from.text}|${to.text}`);
  grid2.forEach((row, r) => {
    row.forEach((place, c) => {
      if (place.text === '') return;
      // To the right: the first place past this cell's own that belongs to a non-empty cell.
      for (let next = c + 1; next < row.length; next += 1) {
        const other = row[next] as Place;
        if (other.id === place.id) continue;
        if (other.text !== '') {
          add(place, other, 'right');
          break;
        }
      }
      for (let next = r + 1; next < grid2.length; next += 1) {
        const other = grid2[next]?.[c];
        if (!other || other.id === place.id) continue;
        if (other.text !== '') {
          add(place, other, 'down');
          break;
        }
      }
    });
  });
  // The cells' ids only kept each pair once: the relation is its direction and its two texts.
  return [...relations].map((relation) => relation.slice(relation.indexOf('|') + 1));
}

/** The relations two lists share, each counted as often as both have it. */
function shared(a: readonly string[], b: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const relation of a) counts.set(relation, (counts.get(relation) ?? 0) + 1);
  let common = 0;
  for (const relation of b) {
    const count = counts.get(relation) ?? 0;
    if (count > 0) {
      common += 1;
      counts.set(relation, count - 1);
    }
  }
  return common;
}

/**
 * A page's score: each table of the truth paired with the found table of the page that shares the most relations
 * with it (each found table paired once; a truth table that none shares a relation with is not found). Found tables
 * left unpaired are left out, as the competition measured structure on the tables it had located: the truth need
 * not write down every table of its page.
 */
export function scorePage(truth: readonly TextGrid[], found: readonly TextGrid[]): Score {
  const foundRelations = found.map(adjacencyRelations);
  const used = new Set<number>();
  const score: Score = { found: 0, truth: 0, correct: 0 };
  for (const relations of truth.map(adjacencyRelations)) {
    let best = -1;
    let bestShared = 0;
    foundRelations.forEach((candidate, index) => {
      if (used.has(index)) return;
      const common = shared(relations, candidate);
      if (common > bestShared) {
        best = index;
        bestShared = common;
      }
    });
    score.truth += relations.length;
    if (best < 0) continue;
    used.add(best);
    score.found += foundRelations[best]?.length ?? 0;
    score.correct += bestShared;
  }
  return score;
}

export function sumScores(scores: readonly Score[]): Score {
  return scores.reduce(
    (sum, score) => ({
      found: sum.found + score.found,
      truth: sum.truth + score.truth,
      correct: sum.correct + score.correct,
    }),
    { found: 0, truth: 0, correct: 0 },
  );
}

export function precisionRecallF1(score: Score): { precision: number; recall: number; f1: number } {
  const precision = score.found > 0 ? score.correct / score.found : 0;
  const recall = score.truth > 0 ? score.correct / score.truth : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
