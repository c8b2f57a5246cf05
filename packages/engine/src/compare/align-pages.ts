/**
 * One step of two documents' pages set side by side: a page of each that are versions of one another, a page of
 * the old document alone (removed), or a page of the new one alone (inserted). Pages are 0-based.
 */
export type PageStep =
  | { readonly kind: 'pair'; readonly old: number; readonly new: number }
  | { readonly kind: 'removed'; readonly old: number }
  | { readonly kind: 'inserted'; readonly new: number };

/**
 * How alike two pages' words must be for them to count as versions of one page (Dice's coefficient of their word
 * pairs, 0 to 1): below it, the old page is removed and the new one inserted. Two unrelated pages of one language
 * share few pairs of words in a row ("of the"), far below this; a page with a third of its words rewritten keeps
 * more than half of its pairs.
 */
export const MIN_PAGE_LIKENESS = 0.3;

/**
 * Sets the pages of two documents side by side by their content, not their numbers: the order-keeping pairing of
 * pages (a longest common subsequence, Needleman-Wunsch style) whose sum of likenesses is greatest, pairing only
 * pages alike enough (`MIN_PAGE_LIKENESS`). A page inserted or removed in the middle leaves every later page paired
 * with its own version. Pages without words (scans, drawings, blank pages) are alike only to each other, so a scanned
 * document's pages pair in order. `oldKeys` and `newKeys` are each page's words in reading order (compared forms).
 */
export function alignPages(
  oldKeys: readonly (readonly string[])[],
  newKeys: readonly (readonly string[])[],
): PageStep[] {
  const likeness = likenessTable(oldKeys, newKeys);
  const rows = oldKeys.length;
  const columns = newKeys.length;
  const width = columns + 1;
  // best[i][j]: the greatest sum of likenesses pairing the first i old pages with the first j new ones.
  const best = new Float64Array((rows + 1) * width);
  for (let i = 1; i <= rows; i += 1) {
    for (let j = 1; j <= columns; j += 1) {
      const alike = likeness(i - 1, j - 1);
      const paired = alike >= MIN_PAGE_LIKENESS ? best[(i - 1) * width + j - 1]! + alike : -1;
      best[i * width + j] = Math.max(best[(i - 1) * width + j]!, best[i * width + j - 1]!, paired);
    }
  }
  const steps: PageStep[] = [];
  let i = rows;
  let j = columns;
  while (i > 0 || j > 0) {
    const here = best[i * width + j]!;
    if (i > 0 && j > 0) {
      const alike = likeness(i - 1, j - 1);
      if (alike >= MIN_PAGE_LIKENESS && here === best[(i - 1) * width + j - 1]! + alike) {
        steps.push({ kind: 'pair', old: i - 1, new: j - 1 });
        i -= 1;
        j -= 1;
        continue;
      }
    }
    // Of a removal and an insertion that score the same, the insertion is walked back first, so that the removed
    // page is told before the inserted one that took its place.
    if (j > 0 && (i === 0 || here === best[i * width + j - 1]!)) {
      steps.push({ kind: 'inserted', new: j - 1 });
      j -= 1;
    } else {
      steps.push({ kind: 'removed', old: i - 1 });
      i -= 1;
    }
  }
  return steps.reverse();
}

/**
 * The likeness of every old page to every new one, from an index of the new pages' word pairs: the shared pairs of
 * each old page are counted once through the index (Dice's coefficient over bags of pairs), not page against page.
 */
function likenessTable(
  oldKeys: readonly (readonly string[])[],
  newKeys: readonly (readonly string[])[],
): (oldPage: number, newPage: number) => number {
  const oldBags = oldKeys.map(shingles);
  const newBags = newKeys.map(shingles);
  const postings = new Map<string, { page: number; count: number }[]>();
  newBags.forEach((bag, page) => {
    for (const [shingle, count] of bag.counts) {
      let list = postings.get(shingle);
      if (!list) postings.set(shingle, (list = []));
      list.push({ page, count });
    }
  });
  const columns = newKeys.length;
  const table = new Float64Array(oldKeys.length * columns);
  oldBags.forEach((bag, oldPage) => {
    const shared = new Float64Array(columns);
    for (const [shingle, count] of bag.counts) {
      for (const posting of postings.get(shingle) ?? [])
        shared[posting.page]! += Math.min(count, posting.count);
    }
    for (let newPage = 0; newPage < columns; newPage += 1) {
      const other = newBags[newPage]!;
      const total = bag.total + other.total;
      // Two pages without words are alike; a page without words is like no page with some.
      table[oldPage * columns + newPage] = total === 0 ? 1 : (2 * shared[newPage]!) / total;
    }
  });
  return (oldPage, newPage) => table[oldPage * columns + newPage]!;
}

/** A page's words as a bag of pairs of words in a row (its one word, for a page of one word). */
function shingles(keys: readonly string[]): { counts: Map<string, number>; total: number } {
  const counts = new Map<string, number>();
  const items =
    keys.length === 1 ? [keys[0]!] : keys.slice(1).map((key, index) => `${keys[index]}\u0000${key}`);
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return { counts, total: items.length };
}
