import { LOCALE_INFO, type Locale } from '@quire/shared';
import { fillWords, REPORT_WORDS } from '@quire/shared/report-words';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import type { Stamp } from '../stamp/draw-stamps.ts';
import { formatNumber } from '../stamp/stamp-glyphs.ts';
import { layOutTextStamps, readContents, type TextStampStyle } from '../stamp/stamp-text.ts';
import { overlayPixmap, type DrawnPage } from './compare-drawings.ts';
import type { WordMark } from './diff-words.ts';
import { FRAME_COLOURS, MARK_COLOURS } from './mark-colours.ts';
import type { VisibleBox } from './read-page-words.ts';
import {
  cutLine,
  MARK_INDENT_PT,
  summaryLines,
  SUMMARY_LINE_PT,
  writeSummaryPages,
  type ComparisonSummary,
  type SummaryLine,
} from './summary-pages.ts';

/** A word of a page that differs, and how. */
export type MarkedBox = { readonly box: VisibleBox; readonly mark: Exclude<WordMark, 'same'> };

/** One page of the report after its summary: two versions of a page, or a page of one version alone. */
export type ReportPage =
  | {
      readonly kind: 'words';
      readonly old: number;
      readonly new: number;
      readonly oldMarks: readonly MarkedBox[];
      readonly newMarks: readonly MarkedBox[];
    }
  | {
      readonly kind: 'drawing';
      readonly old: number;
      readonly new: number;
      readonly boxes: readonly VisibleBox[];
      /** Both pages drawn at the overlay's resolution. */
      readonly drawings: { readonly old: DrawnPage; readonly new: DrawnPage; readonly dpi: number };
    }
  | { readonly kind: 'removed'; readonly old: number; readonly marks: readonly MarkedBox[] }
  | { readonly kind: 'inserted'; readonly new: number; readonly marks: readonly MarkedBox[] };

const MARGIN_PT = 24;
const GAP_PT = 24;
/** The band above the pages where each is named. */
const LABEL_BAND_PT = 26;
const FRAME_WIDTH_PT = 1.5;

/**
 * Writes the comparison report: the summary's pages (`writeSummary`), then one page per page that differs: both
 * versions side by side (the original on the left, the changed version on the right, or the other way round in a
 * right-to-left language), each drawn whole as a form XObject of its page as seen (its rotation and crop box
 * applied; annotations, which belong to no page content, are left out), named above it, its words marked in colour
 * as a highlighter marks (multiplied, so that the words stay black); a page that differs in drawing alone gets its
 * places boxed on both and a third panel, the overlay of the two drawings; a page inserted or removed stands alone,
 * framed. Gives the PDF's bytes.
 */
export function writeReport(
  mupdf: MupdfModule,
  documents: { readonly old: Mupdf.PDFDocument; readonly new: Mupdf.PDFDocument },
  summary: ComparisonSummary,
  pages: readonly ReportPage[],
  language: Locale,
  signal: AbortSignal,
): Uint8Array {
  const report = new mupdf.PDFDocument();
  try {
    const words = REPORT_WORDS[language].compare;
    const number = new Intl.NumberFormat(LOCALE_INFO[language].tag);
    const labelsOf = (page: ReportPage) => labelTexts(page, words, (value) => number.format(value + 1));
    const lines = wrapLines(summaryLines(summary, language));
    // Each size of text laid out once, every text of that size together.
    const texts: Record<SummaryLine['kind'], Set<string>> = {
      title: new Set(),
      heading: new Set(),
      body: new Set(pages.flatMap(labelsOf)),
    };
    for (const line of lines) {
      texts[line.kind].add(line.text);
      if (line.figure) texts.body.add(line.figure.text);
    }
    const stamps = new Map<string, Stamp>();
    for (const kind of ['title', 'heading', 'body'] as const) {
      const distinct = [...texts[kind]];
      if (distinct.length === 0) continue;
      const laidOut = layOutTextStamps(mupdf, report, distinct, textStyle(FONT_SIZE_PT[kind]), signal);
      distinct.forEach((text, index) => stamps.set(`${kind}:${text}`, laidOut[index]!));
    }
    const stampOf = (line: SummaryLine | string) =>
      typeof line === 'string' ? stamps.get(`body:${line}`)! : stamps.get(`${line.kind}:${line.text}`)!;
    const isRightToLeft = LOCALE_INFO[language].dir === 'rtl';
    writeSummaryPages(report, lines, stampOf, isRightToLeft);
    const writer = new PageWriter(mupdf, report, documents, isRightToLeft);
    for (const page of pages) {
      if (signal.aborted) throw signal.reason;
      writer.write(
        page,
        labelsOf(page).map((text) => stampOf(text)),
      );
    }
    return ownedBytes(report.saveToBuffer('compress,garbage'));
  } finally {
    report.destroy();
  }
}

/** The report's sizes of text: its title, its headings, and the rest (lines, figures, names above the pages). */
const FONT_SIZE_PT: Readonly<Record<SummaryLine['kind'], number>> = { title: 18, heading: 13, body: 10 };

function textStyle(fontSizePt: number): TextStampStyle {
  return {
    anchor: 'tiled',
    marginPt: 0,
    rotationDeg: 0,
    opacity: 1,
    layer: 'over',
    fontSizePt,
    color: [30, 41, 59],
  };
}

/**
 * The summary's lines, each too wide for the page cut where it fits (`cutLine`), from an estimate of its width:
 * an em for a character of Chinese, Japanese or Korean, a little over half one for the others. A line still too
 * wide once laid out is drawn narrower (`writeSummaryPages`).
 */
function wrapLines(lines: readonly SummaryLine[]): SummaryLine[] {
  const wrapped: SummaryLine[] = [];
  for (const line of lines) {
    let rest: SummaryLine = line;
    const room = SUMMARY_LINE_PT - (line.isIndented ? MARK_INDENT_PT : 0);
    for (let pieces = 0; pieces < 20 && !line.figure; pieces += 1) {
      const estimate = estimatedWidth(rest.text, FONT_SIZE_PT[rest.kind]);
      const cut = estimate > room ? cutLine(rest.text, room / estimate) : null;
      if (!cut) break;
      wrapped.push({ ...rest, text: cut[0] });
      // The rest of the line stands where it did, without a second swatch.
      rest = { text: cut[1], kind: rest.kind, ...(line.isIndented ? { isIndented: true } : {}) };
    }
    wrapped.push(rest);
  }
  return wrapped;
}

const WIDE_CHARACTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

function estimatedWidth(text: string, fontSizePt: number): number {
  return (
    [...text].reduce((sum, character) => sum + (WIDE_CHARACTER.test(character) ? 1 : 0.56), 0) * fontSizePt
  );
}

/** The names above a report page's panels, in the order of its panels. */
function labelTexts(
  page: ReportPage,
  words: (typeof REPORT_WORDS)['en']['compare'],
  pageNumber: (index: number) => string,
): string[] {
  switch (page.kind) {
    case 'words':
      return [
        fillWords(words.oldPage, { page: pageNumber(page.old) }),
        fillWords(words.newPage, { page: pageNumber(page.new) }),
      ];
    case 'drawing':
      return [
        fillWords(words.oldPage, { page: pageNumber(page.old) }),
        fillWords(words.newPage, { page: pageNumber(page.new) }),
        words.overlay,
      ];
    case 'removed':
      return [fillWords(words.removedPage, { page: pageNumber(page.old) })];
    case 'inserted':
      return [fillWords(words.insertedPage, { page: pageNumber(page.new) })];
  }
}

/** A panel of a report page: what it draws, in a box of the visible page's size. */
type Panel = {
  readonly width: number;
  readonly height: number;
  /** Draws the panel with its top-left corner at (x, top) of the report page (PDF space, y up). */
  readonly draw: (x: number, top: number, resources: Resources) => string;
};

/** Names the objects a report page draws in its resources. */
class Resources {
  readonly xObjects = new Map<string, Mupdf.PDFObject>();
  readonly states = new Map<string, Mupdf.PDFObject>();

  constructor(highlight: Mupdf.PDFObject) {
    this.states.set('Highlight', highlight);
  }

  add(object: Mupdf.PDFObject): string {
    const name = `X${this.xObjects.size}`;
    this.xObjects.set(name, object);
    return name;
  }

  toDictionary(pdf: Mupdf.PDFDocument): Mupdf.PDFObject {
    const resources = pdf.newDictionary();
    const xObjects = pdf.newDictionary();
    for (const [name, object] of this.xObjects) xObjects.put(name, object);
    const states = pdf.newDictionary();
    for (const [name, object] of this.states) states.put(name, object);
    resources.put('XObject', xObjects);
    resources.put('ExtGState', states);
    return resources;
  }
}

/** Writes the report's pages of pages, keeping each source page's form XObject and each document's graft map. */
class PageWriter {
  private readonly grafts: { old: Mupdf.PDFGraftMap; new: Mupdf.PDFGraftMap };
  private readonly highlight: Mupdf.PDFObject;

  constructor(
    private readonly mupdf: MupdfModule,
    private readonly report: Mupdf.PDFDocument,
    private readonly documents: { readonly old: Mupdf.PDFDocument; readonly new: Mupdf.PDFDocument },
    private readonly isRightToLeft: boolean,
  ) {
    this.grafts = { old: report.newGraftMap(), new: report.newGraftMap() };
    this.highlight = report.addObject({ Type: report.newName('ExtGState'), BM: report.newName('Multiply') });
  }

  write(page: ReportPage, labels: readonly Stamp[]): void {
    let panels: Panel[];
    switch (page.kind) {
      case 'words':
        panels = [
          this.sourcePanel('old', page.old, { marks: page.oldMarks }),
          this.sourcePanel('new', page.new, { marks: page.newMarks }),
        ];
        break;
      case 'drawing':
        panels = [
          this.sourcePanel('old', page.old, { boxes: page.boxes }),
          this.sourcePanel('new', page.new, { boxes: page.boxes }),
          this.overlayPanel(page.drawings),
        ];
        break;
      case 'removed':
        panels = [this.sourcePanel('old', page.old, { marks: page.marks, frame: FRAME_COLOURS.removed })];
        break;
      case 'inserted':
        panels = [this.sourcePanel('new', page.new, { marks: page.marks, frame: FRAME_COLOURS.inserted })];
        break;
    }
    this.addPage(
      this.isRightToLeft ? panels.reverse() : panels,
      this.isRightToLeft ? [...labels].reverse() : labels,
    );
  }

  private addPage(panels: readonly Panel[], labels: readonly Stamp[]): void {
    const width =
      2 * MARGIN_PT + panels.reduce((sum, panel) => sum + panel.width, 0) + GAP_PT * (panels.length - 1);
    const tallest = Math.max(...panels.map((panel) => panel.height));
    const height = 2 * MARGIN_PT + LABEL_BAND_PT + tallest;
    const resources = new Resources(this.highlight);
    const top = height - MARGIN_PT - LABEL_BAND_PT;
    let x = MARGIN_PT;
    let content = '';
    panels.forEach((panel, index) => {
      const label = labels[index];
      if (label) {
        const name = resources.add(label.form);
        const [x0, y0, , y1] = label.box;
        const baseline = top + (LABEL_BAND_PT - (y1 - y0)) / 2;
        content += `q 1 0 0 1 ${formatNumber(x - x0)} ${formatNumber(baseline - y0)} cm /${name} Do Q\n`;
      }
      content += panel.draw(x, top, resources);
      x += panel.width + GAP_PT;
    });
    const pageObject = this.report.addPage(
      [0, 0, width, height],
      0,
      resources.toDictionary(this.report),
      content,
    );
    this.report.insertPage(-1, pageObject);
  }

  /** A page of one version drawn whole, on white, in a thin grey frame, with its words marked or places boxed. */
  private sourcePanel(
    side: 'old' | 'new',
    index: number,
    extras: {
      marks?: readonly MarkedBox[];
      boxes?: readonly VisibleBox[];
      frame?: readonly [number, number, number];
    },
  ): Panel {
    const { mupdf } = this;
    const page = this.documents[side].loadPage(index);
    try {
      const [left, top, right, bottom] = page.getBounds();
      const width = right - left;
      const height = bottom - top;
      const transform = page.getTransform();
      const userBox = mupdf.Rect.transform([left, top, right, bottom], mupdf.Matrix.invert(transform));
      const pageObject = page.getObject();
      const form = this.pageForm(side, pageObject, userBox);
      // User space → the page as seen (y down from its top-left) → the panel on the report (y up).
      const toVisible = mupdf.Matrix.concat(transform, mupdf.Matrix.translate(-left, -top));
      return {
        width,
        height,
        draw: (x, panelTop, resources) => {
          const name = resources.add(form);
          const place = mupdf.Matrix.concat(toVisible, [1, 0, 0, -1, x, panelTop]);
          const frame = extras.frame ?? [0.8, 0.83, 0.87];
          const frameWidth = extras.frame ? FRAME_WIDTH_PT * 2 : 0.5;
          return [
            `q 1 1 1 rg ${formatNumber(x)} ${formatNumber(panelTop - height)} ${formatNumber(width)} ${formatNumber(height)} re f Q`,
            `q ${place.map(formatNumber).join(' ')} cm /${name} Do Q`,
            marksContent(extras.marks ?? [], x, panelTop),
            boxesContent(extras.boxes ?? [], x, panelTop),
            `q ${frame.map(formatNumber).join(' ')} RG ${formatNumber(frameWidth)} w ${formatNumber(x)} ${formatNumber(panelTop - height)} ${formatNumber(width)} ${formatNumber(height)} re S Q`,
            '',
          ].join('\n');
        },
      };
    } finally {
      page.destroy();
    }
  }

  /**
   * A page's content as a form XObject of the report, in the page's own space: its one content stream copied as it
   * is stored, filters and all (a content stream that inflates to a gigabyte stays a few bytes here), or its several
   * streams decoded and joined, as a page reads them.
   */
  private pageForm(side: 'old' | 'new', pageObject: Mupdf.PDFObject, userBox: Mupdf.Rect): Mupdf.PDFObject {
    const { report } = this;
    const form = {
      Type: report.newName('XObject'),
      Subtype: report.newName('Form'),
      BBox: userBox,
      Resources: this.grafts[side].graftObject(pageObject.getInheritable('Resources')),
    };
    const contents = pageObject.get('Contents');
    if (!contents.isStream()) return report.addStream(readContents(this.mupdf, contents), form);
    const filters = Object.fromEntries(
      ['Filter', 'DecodeParms']
        .map((key) => [key, contents.get(key)] as const)
        .filter(([, value]) => !value.isNull())
        .map(([key, value]) => [key, this.grafts[side].graftObject(value)]),
    );
    return report.addRawStream(contents.readRawStream(), { ...form, ...filters });
  }

  /** The two drawings of a page as one picture, as large as the changed version's page. */
  private overlayPanel(drawings: { old: DrawnPage; new: DrawnPage; dpi: number }): Panel {
    const pixmap = overlayPixmap(this.mupdf, drawings.old, drawings.new);
    const image = new this.mupdf.Image(pixmap);
    const imageObject = this.report.addImage(image);
    const toPoints = 72 / drawings.dpi;
    const width = pixmap.getWidth() * toPoints;
    const height = pixmap.getHeight() * toPoints;
    image.destroy();
    pixmap.destroy();
    return {
      width,
      height,
      draw: (x, top, resources) => {
        const name = resources.add(imageObject);
        return `q ${formatNumber(width)} 0 0 ${formatNumber(height)} ${formatNumber(x)} ${formatNumber(top - height)} cm /${name} Do Q\n`;
      },
    };
  }
}

/** Filled boxes over marked words, multiplied over the page as a highlighter's ink. */
function marksContent(marks: readonly MarkedBox[], x: number, top: number): string {
  if (marks.length === 0) return '';
  const byMark = new Map<MarkedBox['mark'], VisibleBox[]>();
  for (const { box, mark } of marks) byMark.set(mark, [...(byMark.get(mark) ?? []), box]);
  let content = 'q /Highlight gs\n';
  for (const [mark, boxes] of byMark) {
    content += `${MARK_COLOURS[mark].rgb.map(formatNumber).join(' ')} rg\n`;
    content += boxes.map((box) => `${rectangle(box, x, top)} re`).join('\n');
    content += '\nf\n';
  }
  return `${content}Q`;
}

/** Frames around the places a page's drawing differs. */
function boxesContent(boxes: readonly VisibleBox[], x: number, top: number): string {
  if (boxes.length === 0) return '';
  const frames = boxes.map((box) => `${rectangle(box, x, top, 1.5)} re`).join('\n');
  return `q ${FRAME_COLOURS.drawing.map(formatNumber).join(' ')} RG 1.5 w\n${frames}\nS Q`;
}

/** A box of the page as seen, in the panel at (x, top) of the report, as `re`'s operands, grown by `pad` points. */
function rectangle(box: VisibleBox, x: number, top: number, pad = 0.5): string {
  const [x0, y0, x1, y1] = box;
  return [x + x0 - pad, top - y1 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad].map(formatNumber).join(' ');
}
