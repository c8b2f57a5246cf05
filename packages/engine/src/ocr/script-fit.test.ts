import { describe, expect, it } from 'vitest';
import { isTraditionalHan } from './han-variant.ts';
import type { HocrReading } from './read-hocr.ts';
import { isFit, isSureFit, scriptFit } from './script-fit.ts';

/** A reading of one line of words, each [text, confidence], side by side 100 pixels apart. */
function reading(words: [string, number][]): HocrReading {
  const read = words.map(([text, confidence], index) => ({
    text,
    confidence,
    box: { x0: index * 100, y0: 0, x1: index * 100 + 90, y1: 40 },
  }));
  const letters = words.reduce((sum, [text]) => sum + [...text].length, 0);
  return {
    words: words.length,
    confidence: words.reduce((sum, [text, confidence]) => sum + confidence * [...text].length, 0) / letters,
    uprightTurn: 0,
    text: words.map(([text]) => text).join(' '),
    lines: [
      {
        box: { x0: 0, y0: 0, x1: 100 * words.length, y1: 40 },
        baseline: null,
        size: 40,
        angle: 0,
        isRightToLeft: false,
        words: read,
      },
    ],
  };
}

describe('scriptFit', () => {
  it('counts the confident letters of the script, leaving out unsure words and what is not a letter', () => {
    const read = reading([
      ['Сканированный', 95],
      ['2017', 96],
      ['PDF', 90],
      ['ЖЕБ', 30],
    ]);
    // A sample read in one model: Latin letters tell nothing. A page read with English too: they are its own.
    const fit = scriptFit(read, 'Cyrillic');
    expect(fit).toMatchObject({ script: 'Cyrillic', letters: 13, share: 1 });
    expect(isSureFit(fit)).toBe(true);
    expect(scriptFit(read, 'Cyrillic', { withLatin: true })).toMatchObject({ letters: 16, share: 1 });
    expect(scriptFit(read, 'Latin')).toMatchObject({ letters: 3, share: 3 / 16 });
  });

  it('takes Latin garbage that a model made of a Chinese page for what it is', () => {
    // What the Russian and English models read on a Chinese scan: their own letters, mostly unsure.
    const garbage = scriptFit(
      reading([
        ['HP', 78],
        ['4B', 80],
        ['BS', 75],
        ['Je', 30],
        ['OT', 79],
      ]),
      'SimplifiedHan',
    );
    expect(garbage.letters).toBe(0);
    expect(isFit(garbage)).toBe(false);
    const unsure = scriptFit(
      reading([
        ['图', 40],
        ['片', 55],
        ['中', 58],
      ]),
      'SimplifiedHan',
    );
    expect(isFit(unsure)).toBe(false);
    const read = scriptFit(
      reading([
        ['图片', 93],
        ['中的', 95],
        ['文字', 96],
      ]),
      'SimplifiedHan',
    );
    expect(isSureFit(read)).toBe(true);
  });
});

describe('isTraditionalHan', () => {
  it('is traditional when the traditional model is surer where the two read differently', () => {
    // Measured: on a traditional page the simplified model hesitates over what it does not know.
    const simplified = reading([
      ['掃描', 15],
      ['的', 96],
      ['页', 50],
      ['图', 93],
      ['辨识', 32],
    ]);
    const traditional = reading([
      ['掃描', 97],
      ['的', 96],
      ['頁', 93],
      ['圖', 97],
      ['辨識', 88],
    ]);
    expect(isTraditionalHan(simplified, traditional)).toBe(true);
  });

  it('is simplified when the traditional model only turns simplified characters into its own', () => {
    const simplified = reading([
      ['扫描', 93],
      ['的', 96],
      ['张', 93],
      ['图', 93],
      ['经过', 97],
    ]);
    const traditional = reading([
      ['掃描', 95],
      ['的', 96],
      ['張', 97],
      ['圖', 93],
      ['經過', 97],
    ]);
    expect(isTraditionalHan(simplified, traditional)).toBe(false);
    expect(isTraditionalHan(simplified, simplified)).toBe(false);
  });

  it('is simplified when both models only guess, as in the small print of a table', () => {
    const simplified = reading([
      ['农', 40],
      ['林', 35],
      ['渔业', 45],
      ['营业', 38],
    ]);
    const traditional = reading([
      ['農', 58],
      ['林', 35],
      ['漁業', 55],
      ['營業', 57],
    ]);
    expect(isTraditionalHan(simplified, traditional)).toBe(false);
  });
});
