import { describe, expect, it } from 'vitest';
import { cacheSample } from './cache-sample.ts';

describe('cacheSample', () => {
  it('reads at most once per interval, and callers during a reading share it', async () => {
    let clock = 0;
    let reads = 0;
    let finish = (_value: number) => {};
    const sample = cacheSample(
      () => {
        reads += 1;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      1_000,
      () => clock,
    );
    const waiting = [sample(), sample(), sample()];
    finish(7);
    expect(await Promise.all(waiting)).toEqual([7, 7, 7]);
    clock = 999;
    expect(await sample()).toBe(7);
    expect(reads).toBe(1);
    clock = 1_000;
    const next = sample();
    finish(8);
    expect(await next).toBe(8);
    expect(reads).toBe(2);
  });

  it('keeps a failed reading for the interval too, without an unhandled rejection', async () => {
    let clock = 0;
    let reads = 0;
    const sample = cacheSample(
      async () => {
        reads += 1;
        throw new Error('no /proc');
      },
      1_000,
      () => clock,
    );
    await expect(sample()).rejects.toThrow('no /proc');
    await expect(sample()).rejects.toThrow('no /proc');
    expect(reads).toBe(1);
    clock = 5_000;
    await expect(sample()).rejects.toThrow('no /proc');
    expect(reads).toBe(2);
  });
});
