// Accuracy of recognised text against the reference, for `npm run bench ocr`. Order-independent, because two
// engines (and the reference) may read columns in different orders: the reference's and the recognised words as
// multisets, errors = max(|reference|, |recognised|) − |common|, which counts a misread word once, and a missed or
// an invented one once each. Words are `words()` of the corpus package: case-folded, punctuation dropped, CJK one
// character each, so that the same figure is word accuracy for alphabets and character accuracy for CJK.

export type Tally = { reference: number; errors: number };

export function tally(reference: readonly string[], recognised: readonly string[]): Tally {
  const { reference: plain, recognised: rest, common: spaced } = matchSpacedRuns(reference, recognised);
  const available = new Map<string, number>();
  for (const word of rest) available.set(word, (available.get(word) ?? 0) + 1);
  let common = spaced;
  for (const word of plain) {
    const count = available.get(word) ?? 0;
    if (count > 0) {
      common += 1;
      available.set(word, count - 1);
    }
  }
  return { reference: reference.length, errors: Math.max(reference.length, recognised.length) - common };
}

/** Runs of this many one-letter words or more are letter-spaced text ("C O N S T I T U T I O N"). */
const MIN_SPACED_RUN = 5;
const SPACED_LETTER = /^[\p{L}\p{N}]\p{M}*$/u;
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/**
 * Letter-spaced text is where a reading of the born-digital page cannot tell words apart (poppler reads "C O N S T
 * I T U T I O N O F T H E"), while OCR reads the words: a run found with the same letters in a row in the
 * recognised text counts as found, letter by letter, and the recognised words it covers are set aside.
 */
function matchSpacedRuns(
  reference: readonly string[],
  recognised: readonly string[],
): { reference: string[]; recognised: string[]; common: number } {
  const plain: string[] = [];
  const rest = [...recognised];
  let common = 0;
  let index = 0;
  while (index < reference.length) {
    const singlesEnd = spacedRunEnd(reference, index);
    let end = singlesEnd;
    let covered: { start: number; count: number } | null = null;
    if (singlesEnd - index >= MIN_SPACED_RUN) {
      // Kerning can keep a few letters together ("S TAT E S"): the run goes on through them. The longest part of
      // it found in the recognised words counts (they end where a word ends: "S TAT E S 4", "states").
      for (end = extendedRunEnd(reference, singlesEnd); end - index >= MIN_SPACED_RUN; end -= 1) {
        covered = findJoined(rest, reference.slice(index, end).join(''));
        if (covered) break;
      }
    }
    if (covered) {
      rest.splice(covered.start, covered.count);
      common += end - index;
      index = end;
    } else {
      plain.push(reference[index] as string);
      index += 1;
    }
  }
  return { reference: plain, recognised: rest, common };
}

function isSpacedLetter(word: string): boolean {
  return SPACED_LETTER.test(word) && !CJK.test(word);
}

/** Where the run of one-letter words starting at `index` ends. */
function spacedRunEnd(reference: readonly string[], index: number): number {
  let end = index;
  while (end < reference.length && isSpacedLetter(reference[end] as string)) end += 1;
  return end;
}

/** A letter-spaced run's end past fragments of up to `MAX_KERNED_FRAGMENT` letters each followed by single letters. */
const MAX_KERNED_FRAGMENT = 3;
function extendedRunEnd(reference: readonly string[], end: number): number {
  let extended = end;
  for (;;) {
    const fragment = reference[extended];
    if (fragment === undefined || fragment.length > MAX_KERNED_FRAGMENT || CJK.test(fragment))
      return extended;
    const next = spacedRunEnd(reference, extended + 1);
    if (next === extended + 1) return extended;
    extended = next;
  }
}

/** Consecutive words whose letters, joined, are `letters`. */
function findJoined(words: readonly string[], letters: string): { start: number; count: number } | null {
  for (let start = 0; start < words.length; start += 1) {
    let joined = '';
    for (let end = start; end < words.length && joined.length < letters.length; end += 1) {
      joined += words[end];
      if (!letters.startsWith(joined)) break;
      if (joined === letters) return { start, count: end - start + 1 };
    }
  }
  return null;
}

export function addTally(a: Tally, b: Tally): Tally {
  return { reference: a.reference + b.reference, errors: a.errors + b.errors };
}

/** 1 − error rate, floored at 0. */
export function accuracy({ reference, errors }: Tally): number {
  return reference === 0 ? 0 : Math.max(0, 1 - errors / reference);
}
