import type { HocrLine, HocrReading, HocrWord, PixelBox } from '../../ocr/read-hocr.ts';
import { joinWords } from '../../ocr/read-hocr.ts';
import { unionBox, type Box, type Line, type PageLayout, type Rule } from '../model/layout-model.ts';

/**
 * A scanned page as read: Tesseract's findings, and the lines and pictures drawn on it, in the pixels of the image
 * read at `dpi`.
 */
export type ScanReading = HocrReading & {
  dpi: number;
  rules: readonly PixelBox[];
  pictures: readonly PixelBox[];
};

/** Recognised text carries no font: Word's body font of most printed documents stands in. */
const SCAN_FONT = 'Times New Roman';

/** Whether a scanned page's reading is good enough to replace its picture by its text: OCR PDF's rule too. */
export { isReadableScan } from '../../ocr/readable-scan.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * The layout model of a scanned page from its text recognition: each recognised line becomes a line of plain text
 * at the size it was printed, split where its words stand far apart, and the rules drawn on the page become rules,
 * so that the converter rebuilds paragraphs, columns and tables as it does for pages with text. Coordinates are
 * those of the page put upright (`uprightTurn`), in points. The scan itself is not part of it; the regions
 * that hold pictures come back apart (`photos`), for the caller to cut out of the page, and what was read inside
 * them is left to the picture.
 */
export function scanPageLayout(
  scan: ScanReading,
  page: { pageNumber: number; width: number; height: number },
): { layout: Omit<PageLayout, 'images'>; photos: Box[] } {
  const turn = scan.uprightTurn;
  const scale = 72 / scan.dpi;
  const isSideways = turn === 90 || turn === 270;
  const width = isSideways ? page.height : page.width;
  const height = isSideways ? page.width : page.height;
  const toPage = (box: PixelBox): Box => turnBox(scaleBox(box, scale), turn, page.width, page.height);

  const read: { line: Line; confidence: number }[] = [];
  for (const hocrLine of scan.lines) {
    // A line at another angle than the page's text (a label along a table's side) stays a turned line.
    const isTurned = hocrLine.angle !== turn;
    for (const words of splitAtGaps(hocrLine)) {
      const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
      read.push({ line: buildLine(hocrLine, words, { toPage, scale, isTurned }), confidence });
    }
  }
  const photos = scan.pictures
    .map(toPage)
    .filter(
      (box) =>
        box.x1 - box.x0 >= SETTINGS.scan.minPhotoPoints && box.y1 - box.y0 >= SETTINGS.scan.minPhotoPoints,
    )
    .filter((box) => !isMostlyText(box, read));
  // What was "read" inside a picture, text or lines, is the picture's own texture or labels: the picture shows it.
  const rules: Rule[] = scan.rules
    .map((box) => ({ box: toPage(box), color: '000000' }))
    .filter((rule) => !photos.some((photo) => holds(photo, rule.box)));
  const lines = read
    .filter(({ line }) => !photos.some((photo) => holds(photo, line.box)))
    .map(({ line }) => line);
  return { layout: { pageNumber: page.pageNumber, width, height, lines, rules, fills: [] }, photos };
}

function buildLine(
  hocrLine: HocrLine,
  words: readonly HocrWord[],
  { toPage, scale, isTurned }: { toPage: (box: PixelBox) => Box; scale: number; isTurned: boolean },
): Line {
  const box = toPage(unionBox(words.map((word) => word.box)));
  const size = Math.max(
    SETTINGS.scan.minFontSize,
    Math.min(
      SETTINGS.scan.maxFontSize,
      Math.round(hocrLine.size * scale * SETTINGS.scan.sizePerLineHeight * 2) / 2,
    ),
  );
  // Tesseract's baseline holds on an upright page; a line read turned sits on the bottom of its upright box.
  const baseline =
    hocrLine.angle === 0 && !isTurned && hocrLine.baseline !== null
      ? hocrLine.baseline * scale
      : box.y1 - SETTINGS.scan.descentShare * (box.y1 - box.y0);
  const text = joinWords(words.map((word) => word.text));
  return {
    box,
    baseline,
    spans: [
      {
        text,
        box,
        style: { font: SCAN_FONT, size, isBold: false, isItalic: false, isUnderline: false, color: '000000' },
      },
    ],
    text,
    isVertical: isTurned,
  };
}

/** A line's words cut where two stand further apart than `SETTINGS.scan.maxWordGapEm` (cells of a table, columns). */
function splitAtGaps(line: HocrLine): HocrWord[][] {
  const along = (box: PixelBox) =>
    line.angle === 90 || line.angle === 270 ? [box.y0, box.y1] : [box.x0, box.x1];
  const parts: HocrWord[][] = [];
  let previous: HocrWord | null = null;
  for (const word of line.words) {
    const [start0 = 0, end0 = 0] = previous ? along(previous.box) : [];
    const [start1 = 0, end1 = 0] = along(word.box);
    const gap = Math.max(start1 - end0, start0 - end1);
    if (!previous || gap > SETTINGS.scan.maxWordGapEm * line.size) parts.push([]);
    parts.at(-1)?.push(word);
    previous = word;
  }
  return parts;
}

/** Whether a box's centre lies inside a region. */
function holds(region: Box, box: Box): boolean {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  return x > region.x0 && x < region.x1 && y > region.y0 && y < region.y1;
}

/**
 * Whether lines read with confidence cover much of a region taken for a picture: then it is text on a tint (a
 * shaded box, a table's shaded cells), not a picture.
 */
function isMostlyText(region: Box, read: readonly { line: Line; confidence: number }[]): boolean {
  const area = (box: Box) => Math.max(0, box.x1 - box.x0) * Math.max(0, box.y1 - box.y0);
  const textArea = read
    .filter(
      ({ line, confidence }) => confidence >= SETTINGS.scan.minLineConfidence && holds(region, line.box),
    )
    .reduce((sum, { line }) => sum + area(line.box), 0);
  return textArea > SETTINGS.scan.maxPictureTextShare * area(region);
}

function scaleBox(box: PixelBox, scale: number): Box {
  return { x0: box.x0 * scale, y0: box.y0 * scale, x1: box.x1 * scale, y1: box.y1 * scale };
}

/**
 * A box on the page as displayed (`width` × `height`) moved to where it stands once the page is turned clockwise
 * by `turn` degrees.
 */
export function turnBox(box: Box, turn: 0 | 90 | 180 | 270, width: number, height: number): Box {
  switch (turn) {
    case 90:
      return { x0: height - box.y1, y0: box.x0, x1: height - box.y0, y1: box.x1 };
    case 180:
      return { x0: width - box.x1, y0: height - box.y1, x1: width - box.x0, y1: height - box.y0 };
    case 270:
      return { x0: box.y0, y0: width - box.x1, x1: box.y1, y1: width - box.x0 };
    default:
      return box;
  }
}
