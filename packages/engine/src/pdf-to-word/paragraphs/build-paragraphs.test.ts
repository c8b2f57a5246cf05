import { describe, expect, it } from 'vitest';
import { buildParagraphs } from './build-paragraphs.ts';
import { LINE_BREAK } from './paragraph-model.ts';
import { COLUMN, line } from '../model/test-layout.ts';

const textOf = (runs: { text: string }[]) => runs.map((run) => run.text).join('');

describe('buildParagraphs', () => {
  it('joins the lines of a paragraph and undoes hyphenation at line ends', () => {
    const paragraphs = buildParagraphs(
      [
        line('Dynamic languages are more difficult to com-', 50, 100, { x1: 300 }),
        line('pile than statically typed ones, and so', 50, 112, { x1: 300 }),
        line('they are slower.', 50, 124),
      ],
      COLUMN,
    );
    expect(paragraphs).toHaveLength(1);
    expect(textOf(paragraphs[0]?.runs ?? [])).toBe(
      'Dynamic languages are more difficult to compile than statically typed ones, and so they are slower.',
    );
    expect(paragraphs[0]?.alignment).toBe('justify');
    expect(paragraphs[0]?.lineSpacing).toBe(12);
  });

  it('keeps a hyphen that belongs to the word at a line end, with no space after it', () => {
    const paragraphs = buildParagraphs(
      [
        line('Das Skript gibt es gedruckt in A5 (Schwarz-', 50, 100, { x1: 300 }),
        line('Weiß) und als PDF; schreiben Sie eine E-', 50, 112, { x1: 300 }),
        line('Mail an die Adresse auf der Titelseite.', 50, 124),
      ],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => textOf(paragraph.runs))).toEqual([
      'Das Skript gibt es gedruckt in A5 (Schwarz-Weiß) und als PDF; schreiben Sie eine E-Mail an die Adresse auf der Titelseite.',
    ]);
  });

  it('joins the ragged lines of a column narrower than its bounds, and ends the paragraph where the next word would have fitted', () => {
    // A ragged right column whose lines end between 262 and 280, in bounds reaching to 300 (the page's margin).
    const ends = [275, 262, 280, 270, 266, 278];
    const rows = ends.map((x1, row) => line(`row ${row} of the running text`, 50, 100 + row * 12, { x1 }));
    const paragraphs = buildParagraphs(
      [...rows, line('Last', 50, 172, { x1: 70 }), line('Next paragraph starts here', 50, 184)],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => textOf(paragraph.runs).split(' ')[1])).toEqual(['0', 'paragraph']);
  });

  it('starts a new paragraph after a short line, at an indented line and after a larger gap', () => {
    const paragraphs = buildParagraphs(
      [
        line('The end of a paragraph.', 50, 100),
        line('An indented first line of the next one', 62, 112, { x1: 300 }),
        line('continues here.', 50, 124),
        line('After a gap, another paragraph.', 50, 150),
      ],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => textOf(paragraph.runs))).toEqual([
      'The end of a paragraph.',
      'An indented first line of the next one continues here.',
      'After a gap, another paragraph.',
    ]);
    expect(paragraphs[1]?.firstLineIndent).toBeCloseTo(12);
  });

  it('keeps a bibliography’s entries set with a hanging indent whole, one paragraph each', () => {
    const paragraphs = buildParagraphs(
      [
        line('Hendrycks, D., Liu, X., Wallace, E., Dziedzic, A., Krish-', 50, 100, { x1: 300 }),
        line('nan, R., and Song, D. Pretrained transformers improve', 60, 112, { x1: 300 }),
        line('out-of-distribution robustness, 2020.', 60, 124),
        line('Hernandez, F., Nguyen, V., Ghannay, S., Tomashenko, N.,', 50, 140, { x1: 300 }),
        line('and Estève, Y. Ted-lium 3, 2018.', 60, 152),
        line('Hsu, W.-N., Bolte, B., Tsai, Y.-H. H., Lakhotia, K.,', 50, 168, { x1: 300 }),
        line('Salakhutdinov, R., and Mohamed, A. Hubert, 2021.', 60, 180),
      ],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => textOf(paragraph.runs))).toEqual([
      'Hendrycks, D., Liu, X., Wallace, E., Dziedzic, A., Krishnan, R., and Song, D. Pretrained transformers improve out-of-distribution robustness, 2020.',
      'Hernandez, F., Nguyen, V., Ghannay, S., Tomashenko, N., and Estève, Y. Ted-lium 3, 2018.',
      'Hsu, W.-N., Bolte, B., Tsai, Y.-H. H., Lakhotia, K., Salakhutdinov, R., and Mohamed, A. Hubert, 2021.',
    ]);
    expect(paragraphs[0]?.indentLeft).toBeCloseTo(10);
    expect(paragraphs[0]?.firstLineIndent).toBeCloseTo(-10);
  });

  it('does not join a one-line paragraph to the indented first line of the next', () => {
    const paragraphs = buildParagraphs(
      [
        line('A paragraph of a single line that runs to the edge.', 50, 100, { x1: 300 }),
        line('The next paragraph starts indented, as in a book,', 62, 112, { x1: 300 }),
        line('and goes on from the left edge.', 50, 124),
        line('A last one-line paragraph that also runs to the end.', 50, 136, { x1: 300 }),
        line('A short indented one.', 62, 148),
        line('Indented again: a new paragraph.', 62, 160),
      ],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => textOf(paragraph.runs))).toEqual([
      'A paragraph of a single line that runs to the edge.',
      'The next paragraph starts indented, as in a book, and goes on from the left edge.',
      'A last one-line paragraph that also runs to the end.',
      'A short indented one.',
      'Indented again: a new paragraph.',
    ]);
  });

  it('keeps CJK lines together without spaces', () => {
    const paragraphs = buildParagraphs(
      [line('日本語の文章は空白なしで', 50, 100, { x1: 300 }), line('書かれます。', 50, 112)],
      COLUMN,
    );
    expect(textOf(paragraphs[0]?.runs ?? [])).toBe('日本語の文章は空白なしで書かれます。');
  });

  it('recognises bullets, centred lines and right-to-left text', () => {
    const paragraphs = buildParagraphs(
      [
        line('• first item', 60, 100),
        line('• second item', 60, 112),
        line('A centred title', 137.5, 140),
        line('مرحبا بالعالم', 200, 170, { x1: 300 }),
      ],
      COLUMN,
    );
    expect(paragraphs.map((paragraph) => paragraph.isBullet)).toEqual([true, true, false, false]);
    expect(textOf(paragraphs[0]?.runs ?? [])).toBe('first item');
    expect(paragraphs[2]?.alignment).toBe('center');
    expect(paragraphs[3]?.isRightToLeft).toBe(true);
  });

  it('joins pieces on one baseline with a tab and records the tab stop', () => {
    const paragraphs = buildParagraphs([line('Name', 50, 100), line('Value', 200, 100)], COLUMN);
    expect(paragraphs).toHaveLength(1);
    expect(textOf(paragraphs[0]?.runs ?? [])).toBe('Name\tValue');
    expect(paragraphs[0]?.tabStops).toEqual([150]);
  });

  it("spaces a line alone by its font's size, not by the taller box a maths font declares", () => {
    // "A ⊆ B Teilmengenbeziehung": the ⊆ of a 10-point maths font comes with a box 19 points tall.
    const symbol = line('A ⊆ B Teilmengenbeziehung', 60, 100);
    const tall = { ...symbol, box: { ...symbol.box, y0: 91.5, y1: 110.5 } };
    const [paragraph] = buildParagraphs([tall], COLUMN);
    expect(paragraph?.lineSpacing).toBeLessThanOrEqual(13);
    expect(paragraph?.lineSpacing).toBeGreaterThanOrEqual(11.5);
  });

  it("ends a table cell's lines where the PDF ends them, with no right edge of their own", () => {
    const cell = { x0: 36, y0: 646, x1: 88, y1: 700 };
    const lines = [
      line('Joint return?', 36, 655, { x1: 78 }),
      line('See page 12.', 36, 664, { x1: 80 }),
      line('Keep a copy', 36, 673, { x1: 78 }),
    ];
    const [paragraph] = buildParagraphs(lines, cell, true);
    expect(textOf(paragraph?.runs ?? [])).toBe(
      ['Joint return?', 'See page 12.', 'Keep a copy'].join(LINE_BREAK),
    );
    expect(paragraph?.indentRight).toBe(0);
    expect(paragraph?.alignment).not.toBe('justify');
    // In the body, the lines make one paragraph that Word wraps.
    expect(textOf(buildParagraphs(lines, cell)[0]?.runs ?? [])).toBe(
      'Joint return? See page 12. Keep a copy',
    );
  });
});
