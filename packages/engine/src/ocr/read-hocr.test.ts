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
    expect(readHocr(page([]))).toEqual({ words: 0, confidence: null, uprightTurn: 0, text: '', lines: [] });
  });

  it('reads each line with its box, baseline, size and direction, and its words with their boxes', () => {
    const hocr = `<div class='ocr_page' id='page_1' title='bbox 0 0 2480 3508'>
      <p class='ocr_par' id='par_1_1' lang='ara' dir='rtl' title="bbox 100 200 900 260">
        <span class='ocr_line' id='line_1_1' title="bbox 100 200 900 260; baseline 0.001 -12; x_size 48; x_descenders 10; x_ascenders 12">
          <span class='ocrx_word' id='word_1_1' title='bbox 600 205 900 255; x_wconf 91'>مرحبا</span>
          <span class='ocrx_word' id='word_1_2' title='bbox 100 205 500 255; x_wconf 88'>بالعالم</span>
        </span>
      </p>
      <p class='ocr_par' id='par_1_2' lang='chi_sim' title="bbox 100 300 400 350">
        <span class='ocr_line' id='line_1_2' title="bbox 100 300 400 350; baseline 0 -8; x_size 40">
          <span class='ocrx_word' id='word_1_3' title='bbox 100 300 200 350; x_wconf 90'>中文</span>
          <span class='ocrx_word' id='word_1_4' title='bbox 200 300 400 350; x_wconf 90'>文本</span>
          <span class='ocrx_word' id='word_1_5' title='bbox 400 300 480 350; x_wconf 90'>PDF</span>
        </span>
      </p></div>`;
    const reading = readHocr(hocr);
    expect(reading.lines).toHaveLength(2);
    const [arabic, chinese] = reading.lines;
    expect(arabic).toMatchObject({
      box: { x0: 100, y0: 200, x1: 900, y1: 260 },
      baseline: 248,
      size: 48,
      angle: 0,
      isRightToLeft: true,
    });
    expect(arabic?.words.map((word) => word.text)).toEqual(['مرحبا', 'بالعالم']);
    expect(arabic?.words[0]).toMatchObject({ box: { x0: 600, y0: 205, x1: 900, y1: 255 }, confidence: 91 });
    expect(chinese?.isRightToLeft).toBe(false);
    // Chinese is written without spaces; a Latin word beside it keeps its space.
    expect(reading.text).toBe('مرحبا بالعالم\n中文文本 PDF');
  });
});
