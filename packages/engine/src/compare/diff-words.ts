import { diffArrays } from 'diff';

/** What became of a word: left as it was, inserted (new side), deleted (old side) or changed (both sides). */
export type WordMark = 'same' | 'inserted' | 'deleted' | 'changed';

/** The words of a page pair marked, side by side, and what they count to. */
export type WordDiff = {
  /** One mark per old word: `same`, `deleted` or `changed`. */
  readonly old: WordMark[];
  /** One mark per new word: `same`, `inserted` or `changed`. */
  readonly new: WordMark[];
  readonly inserted: number;
  readonly deleted: number;
  readonly changed: number;
  /** Each place that differs, in reading order: the old words deleted or changed there, and the new ones put in. */
  readonly hunks: readonly Hunk[];
};

/** A place where the words differ: `oldCount` old words from `oldFrom` gave way to `newCount` new ones from `newFrom`. */
export type Hunk = { oldFrom: number; oldCount: number; newFrom: number; newCount: number };

/**
 * The most edits (words inserted plus words deleted) the diff of one page pair looks for: past it, the pair is
 * told as changed through and through rather than searched on (Myers' diff costs the page's words times its edits).
 * A page of 2,000 words rewritten whole stays within it.
 */
export const MAX_PAGE_EDITS = 4_000;

/**
 * Compares the words of two versions of a page in reading order: jsdiff's Myers diff over words (the shortest edit
 * script), then each run of deleted words met by a run of inserted words where they stand is a change: its first
 * words, as many as the shorter run holds, are changed on both sides, and what the longer run has beyond them is
 * deleted or inserted. A pair past `MAX_PAGE_EDITS` is changed word for word as far as the shorter page goes.
 */
export function diffWords(oldKeys: readonly string[], newKeys: readonly string[]): WordDiff {
  const marks = {
    old: new Array<WordMark>(oldKeys.length).fill('same'),
    new: new Array<WordMark>(newKeys.length).fill('same'),
    hunks: [] as Hunk[],
  };
  const changes = diffArrays([...oldKeys], [...newKeys], { maxEditLength: MAX_PAGE_EDITS });
  if (changes === undefined) {
    markRun(marks, { old: 0, new: 0 }, oldKeys.length, newKeys.length);
  } else {
    const at = { old: 0, new: 0 };
    for (let index = 0; index < changes.length; index += 1) {
      const change = changes[index]!;
      if (!change.added && !change.removed) {
        at.old += change.count;
        at.new += change.count;
        continue;
      }
      // A run of deletions and a run of insertions side by side, in either order, are one replacement.
      const next = changes[index + 1];
      const pairsWithNext = next !== undefined && (change.removed ? next.added : next.removed);
      const deleted = change.removed ? change.count : pairsWithNext ? next.count : 0;
      const inserted = change.added ? change.count : pairsWithNext ? next.count : 0;
      markRun(marks, at, deleted, inserted);
      if (pairsWithNext) index += 1;
    }
  }
  const count = (side: readonly WordMark[], mark: WordMark) => side.filter((each) => each === mark).length;
  return {
    old: marks.old,
    new: marks.new,
    hunks: marks.hunks,
    inserted: count(marks.new, 'inserted'),
    deleted: count(marks.old, 'deleted'),
    changed: count(marks.new, 'changed'),
  };
}

/** Marks `deleted` old words and `inserted` new ones from `at`, pairing the first of each as changed; moves `at`. */
function markRun(
  marks: { old: WordMark[]; new: WordMark[]; hunks: Hunk[] },
  at: { old: number; new: number },
  deleted: number,
  inserted: number,
): void {
  const changed = Math.min(deleted, inserted);
  marks.hunks.push({ oldFrom: at.old, oldCount: deleted, newFrom: at.new, newCount: inserted });
  for (let offset = 0; offset < deleted; offset += 1) {
    marks.old[at.old + offset] = offset < changed ? 'changed' : 'deleted';
  }
  for (let offset = 0; offset < inserted; offset += 1) {
    marks.new[at.new + offset] = offset < changed ? 'changed' : 'inserted';
  }
  at.old += deleted;
  at.new += inserted;
}
