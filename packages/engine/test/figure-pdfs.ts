import { writeLetterPage } from '@quire/test-kit/hostile-pdfs';
import * as mupdf from 'mupdf';
import sharp from 'sharp';

/** A circle of radius `r` about (x, y), as four Bézier curves: a chart's marker. */
function circle(x: number, y: number, r: number): string {
  const k = 0.5523 * r;
  return [
    `${x + r} ${y} m`,
    `${x + r} ${y + k} ${x + k} ${y + r} ${x} ${y + r} c`,
    `${x - k} ${y + r} ${x - r} ${y + k} ${x - r} ${y} c`,
    `${x - r} ${y - k} ${x - k} ${y - r} ${x} ${y - r} c`,
    `${x + k} ${y - r} ${x + r} ${y - k} ${x + r} ${y} c f`,
  ].join(' ');
}

const text = (x: number, y: number, size: number, words: string) =>
  `BT /F1 ${size} Tf ${x} ${y} Td (${words}) Tj ET`;

/** The body text around the chart: a paragraph above it and a caption below. */
export const CHART_PAGE_TEXT = {
  paragraph: [
    'The measurements below were taken on the same machine for both engines,',
    'with each test repeated five times and the median kept for the chart.',
  ],
  caption: 'Figure 1. Speed of both engines over the ten seconds of the test run.',
  labels: ['Seconds elapsed', 'Engine speed', '250'],
} as const;

/**
 * A page with a line chart drawn in vector paths (axes, two data series, round markers, tick labels and axis
 * titles) between a paragraph and a caption, as papers and reports draw their figures.
 */
export function createVectorChartPdf(): Buffer {
  const series = [
    [520, 560, 540, 620, 600, 680, 660],
    [510, 530, 580, 570, 640, 630, 690],
  ];
  const xs = [100, 150, 200, 250, 300, 350, 400];
  const content = [
    ...CHART_PAGE_TEXT.paragraph.map((line, index) => text(72, 740 - index * 14, 11, line)),
    '0 0 0 RG 1 w 100 500 m 100 700 l S 100 500 m 410 500 l S',
    ...series.map((ys, index) => {
      const colour = index === 0 ? '0 0 1' : '1 0 0';
      const path = xs.map((x, at) => `${x} ${ys[at]} ${at === 0 ? 'm' : 'l'}`).join(' ');
      return `${colour} RG 1.5 w ${path} S ${colour} rg ${xs.map((x, at) => circle(x, ys[at] as number, 3)).join(' ')}`;
    }),
    '0 0 0 rg',
    ...[0, 2, 4, 6, 8, 10].map((tick, index) => text(97 + index * 60, 488, 8, String(tick))),
    ...[100, 250, 400].map((tick, index) => text(80, 497 + index * 90, 8, String(tick))),
    text(215, 474, 9, CHART_PAGE_TEXT.labels[0]),
    text(112, 706, 9, CHART_PAGE_TEXT.labels[1]),
    text(72, 440, 10, CHART_PAGE_TEXT.caption),
  ];
  return writeLetterPage(content.join('\n'));
}

/** The lines of the framed paragraph of `createFramedParagraphPdf`. */
export const FRAMED_LINES = [
  'Please read these instructions before you fill in the form on the',
  'next page: every field marked with a star must be answered, and the',
  'form must be signed and dated at the bottom of its last page before',
  'it is sent back to the office in the envelope that came with it. A',
  'form that arrives without its signature is returned to its sender.',
] as const;

/**
 * A page with a paragraph inside a frame with rounded corners and a curl at each corner: drawn with curves, like a
 * chart, but mostly text, and so text it stays.
 */
export function createFramedParagraphPdf(): Buffer {
  const curls = [
    [80, 630],
    [450, 630],
    [80, 700],
    [450, 700],
  ].map(([x, y]) => circle(x as number, y as number, 4));
  const content = [
    '0 0 0 RG 1 w 90 620 m 440 620 l 460 620 460 640 460 640 c 460 690 l 460 710 440 710 440 710 c',
    '90 710 l 70 710 70 690 70 690 c 70 640 l 70 620 90 620 90 620 c S',
    `0 0 0 rg ${curls.join(' ')}`,
    ...FRAMED_LINES.map((line, index) => text(84, 692 - index * 14, 11, line)),
  ];
  return writeLetterPage(content.join('\n'));
}

/** The words of the two picture pages (`createPicturePagesPdf`): a photo's title, a plot's axis labels. */
export const PICTURE_PAGE_WORDS = {
  title: 'Harbour at dawn',
  labels: ['0', '50', '100', 'Time (s)', 'Load'],
};

/**
 * Two born-digital pages that are mostly picture, with fewer than twenty characters of real text each, beside the
 * picture: a CMYK photo (JPEG) under its title, and a plot whose area is a raster (a heat map) with vector axes
 * and their labels around it. Neither is a scan: a scanner draws a picture of the whole page.
 */
export async function createPicturePagesPdf(cmykJpeg: Uint8Array): Promise<Buffer> {
  const [width, height] = [120, 90];
  const heat = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      heat.set([(255 * x) / width, 80, (255 * y) / height], (y * width + x) * 3);
  }
  const plot = await sharp(heat, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const document = new mupdf.PDFDocument();
  const font = document.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin');
  const label = (x: number, y: number, words: string) => `BT /F1 10 Tf ${x} ${y} Td (${words}) Tj ET`;
  const pages = [
    {
      image: new mupdf.Image(cmykJpeg),
      contents: [
        `BT /F1 20 Tf 72 780 Td (${PICTURE_PAGE_WORDS.title}) Tj ET`,
        'q 451 0 0 600 72 150 cm /Im1 Do Q',
      ],
    },
    {
      image: new mupdf.Image(plot),
      contents: [
        'q 460 0 0 600 100 150 cm /Im1 Do Q',
        '0 0 0 RG 1 w 98 148 m 98 752 l S 98 148 m 562 148 l S',
        label(86, 144, '0'),
        label(80, 376, '50'),
        label(74, 746, '100'),
        label(300, 128, 'Time (s)'),
        label(40, 440, 'Load'),
      ],
    },
  ];
  for (const { image, contents } of pages) {
    const resources = document.addObject({ Font: { F1: font }, XObject: { Im1: document.addImage(image) } });
    document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, contents.join('\n')));
  }
  const pdf = Buffer.from(document.saveToBuffer('').asUint8Array());
  document.destroy();
  return pdf;
}

/** The faces and the sentence of the font samples (`createFontSamplesPdf`). */
export const FONT_SAMPLES = {
  faces: [
    'Times-Roman',
    'Times-Bold',
    'Times-Italic',
    'Times-BoldItalic',
    'Helvetica',
    'Helvetica-Bold',
    'Helvetica-Oblique',
    'Courier',
    'Courier-Bold',
    'Courier-Oblique',
  ],
  sentence: 'Sphinx of black quartz, judge my vow',
} as const;

/** A rectangle with rounded corners (four Bézier curves), stroked: a box around a sample. */
function roundedBox(x: number, y: number, w: number, h: number, r: number): string {
  const k = 0.5523 * r;
  return [
    `${x + r} ${y} m ${x + w - r} ${y} l`,
    `${x + w - r + k} ${y} ${x + w} ${y + r - k} ${x + w} ${y + r} c ${x + w} ${y + h - r} l`,
    `${x + w} ${y + h - r + k} ${x + w - r + k} ${y + h} ${x + w - r} ${y + h} c ${x + r} ${y + h} l`,
    `${x + r - k} ${y + h} ${x} ${y + h - r + k} ${x} ${y + h - r} c ${x} ${y + r} l`,
    `${x} ${y + r - k} ${x + r - k} ${y} ${x + r} ${y} c S`,
  ].join(' ');
}

/**
 * A page listing a document's fonts: each face's name over a sentence set in it, in a box with rounded corners, as
 * font samples and specimens are drawn. The boxes' curves make a drawing of it; its text is text.
 */
export function createFontSamplesPdf(): Buffer {
  const document = new mupdf.PDFDocument();
  const fonts: Record<string, mupdf.PDFObject> = {
    FL: document.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin'),
  };
  FONT_SAMPLES.faces.forEach((face, index) => {
    fonts[`F${index}`] = document.addSimpleFont(new mupdf.Font(face), 'Latin');
  });
  const contents = ['BT /FL 16 Tf 60 790 Td (Fonts in this report) Tj ET', '0.3 0.3 0.3 RG 0.8 w'];
  FONT_SAMPLES.faces.forEach((face, index) => {
    const y = 740 - index * 50;
    contents.push(
      roundedBox(60, y - 8, 480, 40, 8),
      `BT /FL 8 Tf 70 ${y + 20} Td (${face}) Tj ET`,
      `BT /F${index} 14 Tf 70 ${y + 2} Td (${FONT_SAMPLES.sentence}) Tj ET`,
    );
  });
  const resources = document.addObject({ Font: fonts });
  document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, contents.join('\n')));
  const pdf = Buffer.from(document.saveToBuffer('').asUint8Array());
  document.destroy();
  return pdf;
}
