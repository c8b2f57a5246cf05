import type { Line, TextStyle } from './layout-model.ts';

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
