import { queuedJobView } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { readCompressionResult } from './compression-result.ts';
import { doneJob } from './test-jobs.ts';

const compressed = (originalBytes: number, outputBytes: number) =>
  doneJob('compress', { originalBytes, outputBytes });

describe('readCompressionResult', () => {
  it('reads the sizes the job reports, and the reduction with one decimal', () => {
    expect(readCompressionResult(compressed(1048576, 524288))).toEqual({
      outcome: 'reduced',
      originalBytes: 1048576,
      compressedBytes: 524288,
      reductionPercent: 50,
    });
    expect(readCompressionResult(compressed(3000, 2000))).toMatchObject({ reductionPercent: 33.3 });
    expect(readCompressionResult(compressed(1000, 877))).toMatchObject({ reductionPercent: 12.3 });
  });

  it('says unchanged when nothing could be saved, never a 0% reduction', () => {
    const same = doneJob('compress', { originalBytes: 1000, outputBytes: 1000 }, [
      { code: 'ALREADY_OPTIMAL' },
    ]);
    expect(readCompressionResult(same)).toEqual({
      outcome: 'unchanged',
      originalBytes: 1000,
      compressedBytes: 1000,
    });
    expect(readCompressionResult(compressed(100000, 99990))?.outcome).toBe('unchanged');
    expect(readCompressionResult(compressed(1000, 1200))?.outcome).toBe('unchanged');
  });

  it('reads nothing of another tool’s job, of a job not done, or of an empty original', () => {
    expect(readCompressionResult(doneJob('merge', { pageCount: 3 }))).toBeNull();
    expect(readCompressionResult(queuedJobView('5d41c0b7e2a94f3c8b6d1e0f9a7c2b34', 'compress'))).toBeNull();
    expect(readCompressionResult(compressed(0, 0))).toBeNull();
  });
});
