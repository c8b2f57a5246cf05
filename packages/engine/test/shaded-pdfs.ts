import { writeLetterPage } from '@quire/test-kit/hostile-pdfs';

/**
 * A page with the three kinds of colour behind text: a blue bar (3366CC) wider than the white title written on it,
 * "Section bar title"; a marker-yellow rectangle (FFE600) behind the one word "marked" of "Some marked words here";
 * and a yellow highlight annotation (no appearance stream: the reader draws it) over "Highlighted by a reader".
 * "Nothing shaded here" has nothing behind it.
 */
export function createShadedPdf(): Buffer {
  const content = [
    '0.2 0.4 0.8 rg 60 690 492 30 re f',
    'BT 1 g /F1 14 Tf 72 700 Td (Section bar title) Tj ET',
    // "Some " is 34.7 points wide in Helvetica at 12 points, "marked" 40.0: the rectangle is behind that word only.
    '1 0.9 0 rg 105 595 43 18 re f',
    'BT 0 g /F1 12 Tf 72 600 Td (Some marked words here) Tj ET',
    'BT 0 g /F1 12 Tf 72 550 Td (Highlighted by a reader) Tj ET',
    'BT 0 g /F1 12 Tf 72 500 Td (Nothing shaded here) Tj ET',
  ].join('\n');
  return writeLetterPage(content, {
    pageEntries: '/Annots [6 0 R] ',
    extra: [
      '<< /Type /Annot /Subtype /Highlight /Rect [70 546 205 563] /QuadPoints [70 563 205 563 70 546 205 546] /C [1 1 0] /F 4 >>',
    ],
  });
}
