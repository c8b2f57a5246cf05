import type * as Mupdf from 'mupdf';
import type { Stamp } from '../stamp/draw-stamps.ts';
import { formatNumber } from '../stamp/stamp-glyphs.ts';

/**
 * The share of a signature's box its lines of text take (name, date) when it has any, below the picture: each line
 * an equal part of it.
 */
const TEXT_BAND_FRACTION = 0.3;
/** The share of a line's height its text's ink fills, so that lines do not touch. */
const LINE_FILL = 0.8;

/**
 * A signature as it looks in its box: a form XObject as wide and tall as the box (`width` × `height` points, y up),
 * the picture fitted in its upper part, its proportions kept and centred, and each line of `lines` (laid out by
 * `layOutTextStamps`) fitted below it, centred. Without lines the picture takes the whole box.
 */
export function buildSignatureAppearance(
  pdf: Mupdf.PDFDocument,
  picture: Stamp,
  lines: readonly Stamp[],
  size: { width: number; height: number },
): Stamp {
  const { width, height } = size;
  const bandHeight = lines.length > 0 ? height * TEXT_BAND_FRACTION : 0;
  const lineHeight = lines.length > 0 ? bandHeight / lines.length : 0;
  const xObjects: Record<string, Mupdf.PDFObject> = { Signature: picture.form };
  const drawings = [fitIn(picture.box, 'Signature', [0, bandHeight, width, height])];
  lines.forEach((line, index) => {
    const name = `Line${index + 1}`;
    xObjects[name] = line.form;
    const top = bandHeight - index * lineHeight;
    const slack = (lineHeight * (1 - LINE_FILL)) / 2;
    drawings.push(fitIn(line.box, name, [0, top - lineHeight + slack, width, top - slack]));
  });
  const box: Mupdf.Rect = [0, 0, width, height];
  const form = pdf.addStream(drawings.join(''), {
    Type: pdf.newName('XObject'),
    Subtype: pdf.newName('Form'),
    BBox: box,
    Resources: { XObject: xObjects },
  });
  return { form, box };
}

/** Draws the form `name`, whose box is `box`, as large as fits in `frame` ([x0, y0, x1, y1], y up), centred. */
function fitIn(box: Mupdf.Rect, name: string, frame: readonly [number, number, number, number]): string {
  const [x0, y0, x1, y1] = box;
  const [left, bottom, right, top] = frame;
  const boxWidth = x1 - x0;
  const boxHeight = y1 - y0;
  if (boxWidth <= 0 || boxHeight <= 0 || right <= left || top <= bottom) return '';
  const scale = Math.min((right - left) / boxWidth, (top - bottom) / boxHeight);
  const x = (left + right - boxWidth * scale) / 2 - x0 * scale;
  const y = (bottom + top - boxHeight * scale) / 2 - y0 * scale;
  const matrix = [scale, 0, 0, scale, x, y].map(formatNumber).join(' ');
  return `q ${matrix} cm /${name} Do Q\n`;
}
