import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError, type ToolOptions } from '@quire/shared';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { watermark } from './watermark.ts';

const ctx = useJobContext(180_000);
const TEXT_PDF = 'pdf/pdflib_us-constitution_19p.pdf';
const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const ARABIC_ROTATED = 'pdf/pysamples_arabic-habibi_rotated-90-180-270.pdf';
const JAPANESE = 'pdf/pdfjs_japanese-text_issue16538.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
const SCAN = 'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf';
const TUX_PNG = 'images/docxjs_tux_png-rgba-alpha.png';
const TURNED_JPG = 'images/exifexamples_landscape_orientation-6.jpg';

const OPTIONS: ToolOptions<'watermark'> = {
  text: 'CONFIDENTIAL',
  position: 'center',
  opacity: 50,
  rotation: 45,
  fontSize: 48,
  color: '#808080',
  pages: undefined,
  layer: 'over',
};

const mark = (
  path: string,
  options: Partial<ToolOptions<'watermark'>> = {},
  extra: { password?: string; image?: string } = {},
) =>
  watermark(
    {
      file: inputFile(path, extra.password),
      image: extra.image === undefined ? undefined : inputFile(extra.image),
      options: { ...OPTIONS, ...options },
    },
    ctx,
  );

/** Each page's text as poppler reads it, bidi marks taken out (poppler wraps right-to-left runs in them). */
function pageTexts(path: string, password?: string): string[] {
  const text = execFileSync('pdftotext', [...(password ? ['-upw', password] : []), path, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return text
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\f')
    .slice(0, -1);
}

/** How often a word occurs in a text. */
const countOf = (text: string, word: string) => text.split(word).length - 1;

type Line = { text: string; box: [number, number, number, number]; dir: [number, number] };

/** The lines MuPDF reads on a page, in the page's visible space (y down from its top-left corner, /Rotate applied). */
function visibleLines(path: string, pageIndex: number): { lines: Line[]; width: number; height: number } {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const page = document.loadPage(pageIndex);
    const [x0, y0, x1, y1] = page.getBounds();
    const lines: Line[] = [];
    let text = '';
    let line: Omit<Line, 'text'> = { box: [0, 0, 0, 0], dir: [1, 0] };
    page.toStructuredText('preserve-whitespace').walk({
      beginLine: (bbox, _wmode, direction) => {
        text = '';
        line = {
          box: [bbox[0] - x0, bbox[1] - y0, bbox[2] - x0, bbox[3] - y0],
          dir: [direction[0], direction[1]],
        };
      },
      onChar: (character) => {
        text += character;
      },
      endLine: () => {
        lines.push({ ...line, text: text.trim() });
      },
    });
    return { lines, width: x1 - x0, height: y1 - y0 };
  } finally {
    document.destroy();
  }
}

/** The colours (red, green, blue) of a page's pixels as drawn at 72 dpi. */
function pixelsOf(
  path: string,
  pageIndex: number,
): { width: number; height: number; at: (x: number, y: number) => [number, number, number] } {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const pixmap = document
      .loadPage(pageIndex)
      .toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const pixels = pixmap.getPixels().slice();
    const at = (x: number, y: number): [number, number, number] => {
      const offset = (Math.floor(y) * width + Math.floor(x)) * 3;
      return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!];
    };
    return { width, height, at };
  } finally {
    document.destroy();
  }
}

/** The colour of a page's pixel at a fraction of its visible width and height. */
function pixelAt(path: string, pageIndex: number, x: number, y: number): [number, number, number] {
  const page = pixelsOf(path, pageIndex);
  return page.at(page.width * x, page.height * y);
}

/** How many pixels of a page's middle third pass a test. */
function countMiddlePixels(path: string, test: (pixel: [number, number, number]) => boolean): number {
  const page = pixelsOf(path, 0);
  let count = 0;
  for (let y = page.height / 3; y < (2 * page.height) / 3; y += 1)
    for (let x = page.width / 3; x < (2 * page.width) / 3; x += 1) if (test(page.at(x, y))) count += 1;
  return count;
}

/** Fonts of a PDF as pdffonts lists them: name (a subset's tag taken off), whether embedded, whether a subset. */
function fontsOf(path: string): { name: string; isEmbedded: boolean; isSubset: boolean }[] {
  const listing = execFileSync('pdffonts', [path], { encoding: 'utf8' }).split('\n').slice(2);
  return listing.flatMap((line) => {
    const columns = /^(\S+)\s.*\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
    return columns
      ? [
          {
            name: columns[1]!.replace(/^[A-Z]{6}\+/, ''),
            isEmbedded: columns[2] === 'yes',
            isSubset: columns[3] === 'yes',
          },
        ]
      : [];
  });
}

/** A one-page PDF, 400 by 300 points, whose box is `box` and whose middle is a black square (its content). */
function blackSquarePdf(name: string, box: [number, number, number, number] = [0, 0, 400, 300]): string {
  const document = new mupdf.PDFDocument();
  const [x0, y0, x1, y1] = box;
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const page = document.addPage(box, 0, {}, `0 g ${cx - 60} ${cy - 60} 120 120 re f`);
  document.insertPage(-1, page);
  const path = join(ctx.workDir, name);
  writeFileSync(path, document.saveToBuffer('').asUint8Array());
  document.destroy();
  return path;
}

describe('watermark', () => {
  it('writes its text across every page, copied back as typed, the pages keeping their own text', async () => {
    const source = corpusPath(TEXT_PDF);
    const result = await mark(source);
    expect(result.report.values).toEqual({ pageCount: 19, watermarkedPages: 19 });
    const before = pageTexts(source);
    const after = pageTexts(result.path);
    after.forEach((text, index) => {
      expect(countOf(text, 'CONFIDENTIAL')).toBe(countOf(before[index]!, 'CONFIDENTIAL') + 1);
      // The page's own words are still there.
      for (const word of before[index]!.split(/\s+/)
        .filter((w) => w.length > 3)
        .slice(0, 20))
        expect(text).toContain(word);
    });
  });

  it('writes upright at the corners of pages turned 90, 180 and 270 degrees, as the visitor sees them', async () => {
    const result = await mark(corpusPath(ROTATED), { position: 'top-left', rotation: 0, fontSize: 20 });
    for (let index = 0; index < 6; index += 1) {
      const page = visibleLines(result.path, index);
      const line = page.lines.find((candidate) => candidate.text === 'CONFIDENTIAL');
      expect(line, `page ${index + 1}`).toBeDefined();
      expect(line!.dir[0]).toBeCloseTo(1, 3);
      expect(line!.dir[1]).toBeCloseTo(0, 3);
      expect(line!.box[0]).toBeGreaterThan(34);
      expect(line!.box[0]).toBeLessThan(40);
      expect(line!.box[1]).toBeGreaterThan(30);
      expect(line!.box[1]).toBeLessThan(42);
    }
  });

  it.each([
    [
      'center-right',
      (line: Line, width: number, height: number) => [
        width - line.box[2],
        (line.box[1] + line.box[3]) / 2 - height / 2,
      ],
    ],
    [
      'bottom-center',
      (line: Line, width: number, height: number) => [
        (line.box[0] + line.box[2]) / 2 - width / 2,
        height - line.box[3],
      ],
    ],
  ] as const)('puts the text %s on a turned page whose boxes are away from 0,0', async (position, gaps) => {
    const document = new mupdf.PDFDocument();
    const page = document.addPage([100, 200, 712, 992], 90, {}, '');
    page.put('CropBox', [150, 250, 662, 942]);
    document.insertPage(-1, page);
    const source = join(ctx.workDir, `offset-box-${position}.pdf`);
    writeFileSync(source, document.saveToBuffer('').asUint8Array());
    const result = await mark(source, { position, rotation: 0, fontSize: 20, text: 'Draft' });
    const { lines, width, height } = visibleLines(result.path, 0);
    expect([width, height]).toEqual([692, 512]);
    const line = lines.find((candidate) => candidate.text === 'Draft')!;
    expect(line.dir).toEqual([1, 0]);
    const [first = Number.NaN, second = Number.NaN] = gaps(line, width, height);
    // An edge's gap is the margin (36 points) give or take the room of a line's box; a middle is centred.
    if (position === 'center-right') {
      expect(first).toBeGreaterThan(34);
      expect(first).toBeLessThan(40);
      expect(Math.abs(second)).toBeLessThan(3);
    } else {
      expect(Math.abs(first)).toBeLessThan(1);
      expect(second).toBeGreaterThan(30);
      expect(second).toBeLessThan(42);
    }
  });

  it('turns the text by the rotation asked, counter-clockwise as the page is seen', async () => {
    const result = await mark(blackSquarePdf('turn.pdf'), { rotation: 30, text: 'Draft' });
    const line = visibleLines(result.path, 0).lines.find((candidate) => candidate.text === 'Draft')!;
    // Up the page to the right: y down, so a negative y.
    expect(line.dir[0]).toBeCloseTo(Math.cos(Math.PI / 6), 2);
    expect(line.dir[1]).toBeCloseTo(-Math.sin(Math.PI / 6), 2);
  });

  it('writes Arabic joined and right to left, copied back as typed, in an embedded subset', async () => {
    const source = corpusPath(ARABIC_ROTATED);
    const result = await mark(source, { text: 'سري للغاية', rotation: 0, position: 'top-center' });
    pageTexts(result.path).forEach((text) => {
      expect(text).toContain('سري');
      expect(text).toContain('للغاية');
      expect(text).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/u);
    });
    expect(fontsOf(result.path)).toContainEqual({ name: 'Noto-Arabic', isEmbedded: true, isSubset: true });
  });

  it.each([
    ['Japanese', 'マル秘', 'Noto-JP'],
    ['Chinese', '机密文件', 'Noto-SC'],
    ['Korean', '대외비', 'Noto-KR'],
  ])(
    'writes %s in the Noto CJK face of its language, embedded as a subset',
    async (_language, text, face) => {
      const source = corpusPath(JAPANESE);
      const result = await mark(source, { text });
      expect(pageTexts(result.path)[0]!.replace(/\s/g, '')).toContain(text);
      expect(fontsOf(result.path)).toContainEqual(expect.objectContaining({ name: face, isEmbedded: true }));
      // A subset (cut by Quire's own subsetter, which keeps the font's name): Noto Sans CJK is 16 MB whole.
      expect(readFileSync(result.path).length - readFileSync(source).length).toBeLessThan(400_000);
    },
  );

  it('draws in the colour and at the opacity asked', async () => {
    const options = { text: 'MMMM', rotation: 0, color: '#ff0000', fontSize: 60 } as const;
    const opaque = await mark(blackSquarePdf('colour.pdf'), { ...options, opacity: 100 });
    const isRed = ([red, green, blue]: [number, number, number]) => red > 230 && green < 30 && blue < 30;
    // Half red over the black square: red at half its value.
    const isHalfRed = ([red, green, blue]: [number, number, number]) =>
      red > 110 && red < 145 && green < 30 && blue < 30;
    expect(countMiddlePixels(opaque.path, isRed)).toBeGreaterThan(500);
    const faint = await mark(blackSquarePdf('faint.pdf'), { ...options, opacity: 50 });
    expect(countMiddlePixels(faint.path, isHalfRed)).toBeGreaterThan(200);
    expect(countMiddlePixels(faint.path, isRed)).toBe(0);
  });

  it('draws a PNG over the page, its transparent parts showing the page, or under the page', async () => {
    const source = blackSquarePdf('under.pdf');
    const over = await mark(
      source,
      { text: undefined, opacity: 100, rotation: 0 },
      { image: corpusPath(TUX_PNG) },
    );
    // Tux's white belly over the black square.
    const overCentre = pixelAt(over.path, 0, 0.5, 0.6);
    expect(Math.min(...overCentre)).toBeGreaterThan(180);
    // A corner of the picture's box, transparent: the page's white shows.
    expect(pixelAt(over.path, 0, 0.27, 0.27)).toEqual([255, 255, 255]);
    const under = await mark(
      source,
      { text: undefined, opacity: 100, rotation: 0, layer: 'under' },
      { image: corpusPath(TUX_PNG) },
    );
    // Under: the black square is drawn over the picture.
    expect(pixelAt(under.path, 0, 0.5, 0.6)).toEqual([0, 0, 0]);
    // Where the page has no content, the picture shows (Tux's black outline at its left side, say): some pixel of the
    // picture's box outside the square is not white.
    const outside = [0.3, 0.32, 0.34, 0.36].map((x) => pixelAt(under.path, 0, x, 0.5));
    expect(outside.some((pixel) => Math.max(...pixel) < 200)).toBe(true);
  });

  it('turns a JPG upright by its EXIF orientation, fitted into half the page', async () => {
    const result = await mark(
      blackSquarePdf('photo.pdf'),
      { text: undefined, opacity: 100, rotation: 0 },
      { image: corpusPath(TURNED_JPG) },
    );
    const document = mupdf.Document.openDocument(readFileSync(result.path), 'application/pdf');
    const boxes: mupdf.Rect[] = [];
    document.loadPage(0).run(
      new mupdf.Device({
        fillImage: (image, ctm) => {
          expect([image.getWidth(), image.getHeight()]).toEqual([1200, 1800]);
          boxes.push(mupdf.Rect.transform([0, 0, 1, 1], ctm));
        },
      }),
      mupdf.Matrix.identity,
    );
    document.destroy();
    // Stored 1200 × 1800, shown 1800 × 1200 (landscape): fitted into 200 × 150 points, centred on 400 × 300.
    expect(boxes).toHaveLength(1);
    const [x0, y0, x1, y1] = boxes[0]!;
    expect(x1 - x0).toBeCloseTo(200, 0);
    expect(y1 - y0).toBeCloseTo(133.3, 0);
    expect((x0 + x1) / 2).toBeCloseTo(200, 0);
    expect((y0 + y1) / 2).toBeCloseTo(150, 0);
  });

  it('keeps a watermark under a scan under it: the scan hides it, as asked', async () => {
    const result = await mark(corpusPath(SCAN), {
      layer: 'under',
      opacity: 100,
      rotation: 0,
      color: '#ff0000',
    });
    // The text is there (copied, it reads), but the page's picture covers it.
    expect(pageTexts(result.path)[0]).toContain('CONFIDENTIAL');
    const [red, green, blue] = pixelAt(result.path, 0, 0.5, 0.5);
    expect(red - Math.min(green, blue)).toBeLessThan(40);
  });

  it('tiles the text over the whole page in staggered rows', async () => {
    const result = await mark(blackSquarePdf('tiled.pdf', [50, 80, 650, 880]), {
      position: 'tiled',
      text: 'Draft',
      fontSize: 24,
    });
    const { lines, width, height } = visibleLines(result.path, 0);
    const copies = lines.filter((line) => line.text.includes('Draft'));
    expect(copies.length).toBeGreaterThan(8);
    // Copies near each corner of the page: it is covered, not only its middle.
    const near = (x: number, y: number) =>
      copies.some(
        (line) =>
          Math.abs((line.box[0] + line.box[2]) / 2 - x) < width / 4 &&
          Math.abs((line.box[1] + line.box[3]) / 2 - y) < height / 4,
      );
    expect([near(0, 0), near(width, 0), near(0, height), near(width, height)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // Each copy drawn reads once.
    const document = mupdf.Document.openDocument(readFileSync(result.path), 'application/pdf').asPDF()!;
    const contents = document.findPage(0).get('Contents');
    const drawn = countOf(
      contents
        .get(contents.length - 1)
        .readStream()
        .asString(),
      ' Do Q',
    );
    document.destroy();
    // MuPDF joins copies that fall on one slanted line into one.
    expect(drawn).toBeGreaterThanOrEqual(copies.length);
    expect(countOf(pageTexts(result.path)[0]!, 'Draft')).toBe(drawn);
  });

  it('marks only the pages listed', async () => {
    const result = await mark(corpusPath(ROTATED), { pages: '2-3, 6', rotation: 0 });
    expect(result.report.values).toEqual({ pageCount: 6, watermarkedPages: 3 });
    expect(pageTexts(result.path).map((text) => text.includes('CONFIDENTIAL'))).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('opens a protected file with its password and gives it back without one', async () => {
    const result = await mark(corpusPath(PROTECTED), { rotation: 0 }, { password: 'view' });
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toContainEqual({ code: 'PASSWORD_REMOVED', fileIndex: 0 });
    expect(pageTexts(result.path)[29]).toContain('CONFIDENTIAL');
  });

  it.each([
    ['neither', { text: undefined }, {}],
    ['both', {}, { image: corpusPath(TUX_PNG) }],
  ] as const)('refuses %s a text nor a picture', async (reason, options, extra) => {
    const error = await mark(corpusPath(ROTATED), options, extra).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('TEXT_OR_IMAGE_REQUIRED');
    expect((error as AppError).details).toEqual({ reason });
  });
});
