import { describe, expect, it } from 'vitest';
import { alignPages } from './align-pages.ts';

/** Pages of words made from sentences: each page a few sentences of its own. */
const page = (seed: string) =>
  Array.from({ length: 40 }, (_, index) => `${seed}${index % 7 === 0 ? '' : index}`).concat(['the', 'end']);

describe('alignPages', () => {
  it('pairs every page with its own version when a page is inserted in the middle', () => {
    const old = [page('a'), page('b'), page('c'), page('d')];
    const next = [page('a'), page('b'), page('x'), page('c'), page('d')];
    expect(alignPages(old, next)).toEqual([
      { kind: 'pair', old: 0, new: 0 },
      { kind: 'pair', old: 1, new: 1 },
      { kind: 'inserted', new: 2 },
      { kind: 'pair', old: 2, new: 3 },
      { kind: 'pair', old: 3, new: 4 },
    ]);
  });

  it('tells a removed page, and a page replaced by another as removed then inserted', () => {
    const old = [page('a'), page('b'), page('c')];
    expect(alignPages(old, [page('a'), page('c')])).toEqual([
      { kind: 'pair', old: 0, new: 0 },
      { kind: 'removed', old: 1 },
      { kind: 'pair', old: 2, new: 1 },
    ]);
    expect(alignPages(old, [page('a'), page('y'), page('c')])).toEqual([
      { kind: 'pair', old: 0, new: 0 },
      { kind: 'removed', old: 1 },
      { kind: 'inserted', new: 1 },
      { kind: 'pair', old: 2, new: 2 },
    ]);
  });

  it('pairs a page with a few words changed, and pages without words in order', () => {
    const edited = page('b').map((word, index) => (index % 5 === 0 ? `${word}!` : word));
    expect(alignPages([page('a'), page('b')], [page('a'), edited])).toEqual([
      { kind: 'pair', old: 0, new: 0 },
      { kind: 'pair', old: 1, new: 1 },
    ]);
    expect(alignPages([[], []], [[], []])).toEqual([
      { kind: 'pair', old: 0, new: 0 },
      { kind: 'pair', old: 1, new: 1 },
    ]);
  });
});
