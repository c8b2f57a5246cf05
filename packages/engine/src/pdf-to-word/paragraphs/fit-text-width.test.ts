import { describe, expect, it } from 'vitest';
import { condensingFor, scaleFor, textFitFor } from './fit-text-width.ts';
import { line } from '../model/test-layout.ts';

const TEXT = 'ber 11, Kahle, working with dozens of others, selected twenty stations';

/** A paragraph's rows: each one line, from x = 50 to `x1`. */
const rows = (...lines: ReturnType<typeof line>[]) => lines.map((one) => ({ box: one.box, lines: [one] }));

describe('condensingFor', () => {
  it('condenses a paragraph whose line, set in Times New Roman, is wider than the PDF set it', () => {
    // Free Culture's line: 294.8 points in Times at 10.5 points, 294 in the PDF's AGaramond.
    const tight = line(TEXT, 50, 100, { x1: 344, style: { size: 10.5 } });
    const last = line('the events of that day.', 50, 114, { x1: 120, style: { size: 10.5 } });
    const condensing = condensingFor(rows(tight, last), 344);
    expect(condensing).toBeGreaterThan(0.01);
    expect(condensing).toBeLessThan(0.05);
    // With two points to spare, it fits as it is; so does a last line however long.
    expect(
      condensingFor(rows(line(TEXT, 50, 100, { x1: 347, style: { size: 10.5 } }), last), 347),
    ).toBeUndefined();
    expect(condensingFor(rows(last, tight), 344)).toBeUndefined();
  });

  it('measures a line of a ragged paragraph against the paragraph’s right edge, and leaves unknown families alone', () => {
    const short = line(TEXT, 50, 100, { x1: 300, style: { size: 10.5 } });
    const last = line('the end.', 50, 114, { style: { size: 10.5 } });
    expect(condensingFor(rows(short, last), 350)).toBeUndefined();
    expect(condensingFor(rows(short, last), 300)).toBeGreaterThan(0.5);
    const georgia = line(TEXT, 50, 100, { x1: 250, style: { size: 10.5, font: 'Georgia' } });
    expect(condensingFor(rows(georgia, last), 250)).toBeUndefined();
  });
});

describe('scaleFor', () => {
  it('scales text set in a font much narrower than its Word family, and leaves text of about its width', () => {
    // "Estimated tax payments": 85.4 points wide in Helvetica (Arial's widths) at 8 points; 80.5% of that in the PDF.
    const text = 'Estimated tax payments';
    const style = { font: 'Arial', size: 8 };
    const condensed = line(text, 100, 200, { x1: 100 + 0.805 * 85.4, style });
    expect(scaleFor(condensed.spans)).toBe(79);
    expect(textFitFor([{ box: condensed.box, lines: [condensed] }], 400)).toEqual({ scale: 79 });
    expect(scaleFor(line(text, 100, 200, { x1: 100 + 0.97 * 85.4, style }).spans)).toBeUndefined();
    // A family whose widths are not known here is left as it is.
    expect(
      scaleFor(line(text, 100, 200, { x1: 150, style: { ...style, font: 'Georgia' } }).spans),
    ).toBeUndefined();
  });
});
