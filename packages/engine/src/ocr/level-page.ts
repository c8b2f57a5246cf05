import type * as Mupdf from 'mupdf';

/**
 * Straightens a skewed scan without touching its image: the page's content is drawn turned about the centre of
 * its crop box by `degrees` clockwise (as the page is seen), the angle its image was levelled by for reading. The
 * image's bytes stay as they are; only the page's drawing instructions gain a turn. The scan's corners, turned past
 * the page's edges, are cut by them: a few millimetres of margin at 5°.
 */
export function levelPage(pdf: Mupdf.PDFDocument, pageNumber: number, degrees: number): void {
  const page = pdf.findPage(pageNumber - 1);
  let box = page.getInheritable('CropBox');
  if (!box.isArray()) box = page.getInheritable('MediaBox');
  const [x0, y0, x1, y1] = [0, 1, 2, 3].map((index) => box.get(index).asNumber()) as [
    number,
    number,
    number,
    number,
  ];
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  // Clockwise as seen is a negative angle in PDF space, whose y axis points up.
  const radians = (-degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const e = cx - cos * cx + sin * cy;
  const f = cy - sin * cx - cos * cy;
  const matrix = [cos, sin, -sin, cos, e, f].map((value) => value.toFixed(6)).join(' ');
  const contents = page.get('Contents');
  const parts = pdf.newArray();
  parts.push(pdf.addStream(`q ${matrix} cm\n`, {}));
  if (contents.isArray()) contents.forEach((part) => parts.push(part));
  else if (!contents.isNull()) parts.push(contents);
  parts.push(pdf.addStream('\nQ\n', {}));
  page.put('Contents', parts);
}
