import type { Box, Line, PageImage, PageLayout, TextStyle } from './layout-model.ts';

/** Hand-built layouts for the unit tests of the pdf-to-word modules. */
export const BODY_STYLE: TextStyle = {
  font: 'Times New Roman',
  size: 10,
  isBold: false,
  isItalic: false,
  isUnderline: false,
  color: '000000',
};

/** A one-span line whose baseline is at `y`, 10 points high, 5 points per character unless `x1` is given. */
export function line(
  text: string,
  x0: number,
  y: number,
  options: { x1?: number; style?: Partial<TextStyle> } = {},
): Line {
  const style = { ...BODY_STYLE, ...options.style };
  const box = {
    x0,
    y0: y - style.size * 0.8,
    x1: options.x1 ?? x0 + text.length * 5,
    y1: y + style.size * 0.2,
  };
  return { box, baseline: y, spans: [{ text, style, box }], text, isVertical: false };
}

/** The bounds of a column from x 50 to 300, as tall as a page. */
export const COLUMN: Box = { x0: 50, y0: 0, x1: 300, y1: 800 };

/** A table cell's edges, all four drawn. */
export const ALL_EDGES = { top: true, bottom: true, left: true, right: true };

export const box = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });

/** A picture placed at the given box, its data a stand-in byte. */
export const picture = (x0: number, y0: number, x1: number, y1: number): PageImage => ({
  box: { x0, y0, x1, y1 },
  data: new Uint8Array([1]),
  type: 'png',
});

/** Page 1, US Letter, holding `parts` and no rules or fills. */
export const letterPage = (parts: Pick<PageLayout, 'lines' | 'images'>): PageLayout => ({
  pageNumber: 1,
  width: 612,
  height: 792,
  rules: [],
  fills: [],
  ...parts,
});

/** The text of placed characters, in the order given. */
export const textOfChars = (chars: readonly { c: string }[]) => chars.map((char) => char.c).join('');
