import { describe, expect, it } from 'vitest';
import { readHocr } from './read-hocr.ts';

/** hOCR as Tesseract writes it: lines with a bbox (and a textangle when turned), words with their confidence. */
function page(lines: { angle?: number; words: [string, number][] }[]): string {
  const body = lines
    .map(
      ({ angle, words }, index) =>
        `<span class='ocr_line' id='line_1_${index}' title="bbox 0 0 10 10${angle === undefined ? '' : `; textangle ${angle}`}; x_size 40">` +
        words
          .map(
            ([text, confidence], w) =>
              `<span class='ocrx_word' id='word_${index}_${w}' title='bbox 0 0 5 5; x_wconf ${confidence}'>${text}</span>`,
          )
          .join(' ') +
        '</span>',
    )
    .join('\n');
  return `<div class='ocr_page' id='page_1' title='bbox 0 0 2480 3508'>${body}</div>`;
}

describe('readHocr', () => {
  it('reads words line by line, with entities decoded, and a confidence weighted by word length', () => {
    const reading = readHocr(
      page([
        {
          words: [
            ['Fish', 90],
            ['&amp;', 50],
          ],
        },
        { words: [['chips', 70]] },
      ]),
    );
    expect(reading.text).toBe('Fish &\nchips');
    expect(reading.words).toBe(3);
    expect(reading.confidence).toBeCloseTo((4 * 90 + 1 * 50 + 5 * 70) / 10);
    expect(reading.uprightTurn).toBe(0);
  });

  it('turns the page by the angle most of its letters are written at', () => {
    const reading = readHocr(
      page([
        {
          angle: 270,
          words: [
            ['sideways', 90],
            ['paragraph', 90],
          ],
        },
        { words: [['Fig.', 60]] },
      ]),
    );
    expect(reading.uprightTurn).toBe(270);
    expect(readHocr(page([{ angle: 180, words: [['upside', 80]] }])).uprightTurn).toBe(180);
  });

  it('has no confidence and no turn for a page without words', () => {
    expect(readHocr(page([]))).toEqual({ words: 0, confidence: null, uprightTurn: 0, text: '' });
  });
});
