import { describe, expect, it } from 'vitest';
import { readCompressionResult } from './compression-result.ts';

const headersOf = (values: Record<string, string>) => new Headers(values);

describe('readCompressionResult', () => {
  it('reads the sizes and the reduction the server reports', () => {
    const headers = headersOf({
      'x-original-size': '1048576',
      'x-compressed-size': '524288',
      'x-compression-ratio': '50.0',
    });
    expect(readCompressionResult(headers)).toEqual({
      outcome: 'reduced',
      originalBytes: 1048576,
      compressedBytes: 524288,
      reductionPercent: 50,
    });
  });

  it('keeps one decimal and computes the reduction when the ratio header is missing', () => {
    expect(
      readCompressionResult(headersOf({ 'X-Original-Size': '3000', 'X-Compressed-Size': '2000' })),
    ).toMatchObject({ outcome: 'reduced', reductionPercent: 33.3 });
    expect(
      readCompressionResult(
        headersOf({ 'X-Original-Size': '1000', 'X-Compressed-Size': '877', 'X-Compression-Ratio': '12.34' }),
      ),
    ).toMatchObject({ reductionPercent: 12.3 });
  });

  it('says unchanged when nothing could be saved, never a 0% reduction', () => {
    const same = { 'X-Original-Size': '1000', 'X-Compressed-Size': '1000' };
    expect(readCompressionResult(headersOf({ ...same, 'X-Compression-Ratio': '0.0' }))?.outcome).toBe(
      'unchanged',
    );
    expect(readCompressionResult(headersOf(same))?.outcome).toBe('unchanged');
    expect(
      readCompressionResult(
        headersOf({ 'X-Original-Size': '1000', 'X-Compressed-Size': '990', 'X-Compression-Skipped': 'true' }),
      )?.outcome,
    ).toBe('unchanged');
    expect(
      readCompressionResult(
        headersOf({
          'X-Original-Size': '100000',
          'X-Compressed-Size': '99990',
          'X-Compression-Ratio': '0.01',
        }),
      )?.outcome,
    ).toBe('unchanged');
  });

  it('ignores missing or malformed sizes', () => {
    expect(readCompressionResult(headersOf({}))).toBeNull();
    expect(
      readCompressionResult(headersOf({ 'X-Original-Size': 'abc', 'X-Compressed-Size': '10' })),
    ).toBeNull();
    expect(readCompressionResult(headersOf({ 'X-Original-Size': '0', 'X-Compressed-Size': '0' }))).toBeNull();
    expect(
      readCompressionResult(headersOf({ 'X-Original-Size': '-5', 'X-Compressed-Size': '1' })),
    ).toBeNull();
  });
});
