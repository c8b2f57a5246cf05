import { describe, expect, it } from 'vitest';
import { surerReading } from './surer-reading.ts';

/** A reading named for the test, with Tesseract's mean word confidence. */
const reading = (name: string, confidence: number | null) => ({ name, confidence });

describe('surerReading', () => {
  it('keeps the reading of the higher mean word confidence, whichever was read first', () => {
    expect(surerReading(reading('turned', 82.1), reading('sheared', 87.6)).name).toBe('sheared');
    expect(surerReading(reading('turned', 94.9), reading('sheared', 90.2)).name).toBe('turned');
  });

  it('keeps the first on a tie: a second reading must be surer to replace it', () => {
    expect(surerReading(reading('turned', 91.3), reading('sheared', 91.3)).name).toBe('turned');
  });

  it('prefers a reading that found words to one that found none', () => {
    expect(surerReading(reading('turned', 40), reading('sheared', null)).name).toBe('turned');
    expect(surerReading(reading('turned', null), reading('sheared', 40)).name).toBe('sheared');
    expect(surerReading(reading('turned', null), reading('sheared', null)).name).toBe('turned');
  });
});
