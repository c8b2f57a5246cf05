import { describe, expect, it } from 'vitest';
import { listKeysOf } from './list-keys.ts';

const file = (name: string) => ({ name, size: 10, lastModified: 1 });

describe('listKeysOf', () => {
  it('gives a file the same key wherever it stands', () => {
    const [a, b] = listKeysOf([file('a.jpg'), file('b.jpg')]);
    expect(listKeysOf([file('b.jpg'), file('a.jpg')])).toEqual([b, a]);
  });

  it('keeps keys unique when the same file is picked twice', () => {
    const keys = listKeysOf([file('a.jpg'), file('a.jpg')]);
    expect(new Set(keys).size).toBe(2);
  });
});
