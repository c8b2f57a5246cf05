import { describe, expect, it } from 'vitest';
import { diffWords } from './diff-words.ts';

const words = (text: string) => text.split(' ');

describe('diffWords', () => {
  it('tells words inserted, deleted and changed, each on its side', () => {
    const diff = diffWords(
      words('Automated Data Extraction from Scholarly Line Graphs'),
      words('Automated Table Extraction Scholarly new Line Graphs'),
    );
    expect(diff).toEqual({
      old: ['same', 'changed', 'same', 'deleted', 'same', 'same', 'same'],
      new: ['same', 'changed', 'same', 'same', 'inserted', 'same', 'same'],
      inserted: 1,
      deleted: 1,
      changed: 1,
      // Data -> Table, from deleted, new inserted: three places, in reading order.
      hunks: [
        { oldFrom: 1, oldCount: 1, newFrom: 1, newCount: 1 },
        { oldFrom: 3, oldCount: 1, newFrom: 3, newCount: 0 },
        { oldFrom: 5, oldCount: 0, newFrom: 4, newCount: 1 },
      ],
    });
  });

  it('pairs a longer replacement word for word, the rest inserted', () => {
    const diff = diffWords(words('a b c'), words('a x y z c'));
    expect(diff.old).toEqual(['same', 'changed', 'same']);
    expect(diff.new).toEqual(['same', 'changed', 'inserted', 'inserted', 'same']);
    expect([diff.inserted, diff.deleted, diff.changed]).toEqual([2, 0, 1]);
  });

  it('finds nothing in the same words', () => {
    expect(diffWords(words('one two'), words('one two'))).toMatchObject({
      inserted: 0,
      deleted: 0,
      changed: 0,
    });
  });
});
