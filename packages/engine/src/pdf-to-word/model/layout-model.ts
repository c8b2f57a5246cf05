import { SETTINGS } from './settings.ts';
/**
 * The plain layout model the PDF-to-Word converter works on: what MuPDF read from one page, in PDF points with the
 * origin at the top left of the page as displayed (crop box and rotation applied). Pure data, no MuPDF objects, so
 * every layout step can be tested on small hand-built pages.
 */
export type Box = { x0: number; y0: number; x1: number; y1: number };

export type TextStyle = {
  /** Family name for Word, subset prefix and style suffixes removed. */
  font: string;
  /** Font size in points. */
  size: number;
  isBold: boolean;
  isItalic: boolean;
  isUnderline: boolean;
  /** `RRGGBB`. */
  color: string;
};

/**
 * Where a link on the page leads: a web (or mail) address, or a place in the document, a page and, when the PDF
 * gives it, a point on that page. One object per link annotation: text runs under the same link share it.
 */
export type LinkTarget =
  | { kind: 'uri'; uri: string }
  | {
      kind: 'place';
      /** 1-based. */
      page: number;
      /** Points from the top left of the target page as displayed; null for the page as a whole. */
      x: number | null;
      y: number | null;
      /** The Word bookmark the link leads to, once the target page's blocks are known (`placeLinkAnchors`). */
      anchor?: string;
    };

/** Equal for two links that lead to the same place, whichever annotations they came from. */
export const linkKey = (target: LinkTarget | undefined): string =>
  !target
    ? ''
    : target.kind === 'uri'
      ? `uri ${target.uri}`
      : `place ${target.page} ${target.x ?? ''} ${target.y ?? ''}`;

/** A link annotation: the area that is clicked, and where it leads. */
export type PageLink = { box: Box; target: LinkTarget };

export type Span = {
  text: string;
  style: TextStyle;
  box: Box;
  /** Points above the line's baseline (below when negative): superscripts and subscripts. */
  rise?: number;
  link?: LinkTarget;
  /** The fill behind the text, when it is not paper white. */
  shade?: Fill;
};

export type Line = {
  box: Box;
  /** Baseline of the line's first character. */
  baseline: number;
  spans: Span[];
  /** Text of all spans, in MuPDF's (logical) order. */
  text: string;
  /** Written top to bottom (vertical CJK) or turned: kept as text, not used for layout decisions. */
  isVertical: boolean;
  /** Which way a vertical line's text runs on the page: up (turned anticlockwise) or down (turned, or CJK). */
  flow?: 'up' | 'down';
};

export type PageImage = {
  box: Box;
  /** Encoded image, ready for Word. */
  data: Uint8Array;
  type: 'png' | 'jpg';
  /** The words drawn in the picture (a figure's labels), in reading order: its alternative text in Word. */
  description?: string;
};

/** A thin filled rectangle or stroked straight line: a table rule, an underline or a separator. */
export type Rule = { box: Box; color: string };

/**
 * A filled rectangle that is not thin: cell shading, a coloured bar, a marker stroke; or the area of a highlight
 * annotation (`isHighlight`), which Word shows as a highlight rather than as shading.
 */
export type Fill = { box: Box; color: string; isHighlight?: boolean };

export type PageLayout = {
  /** 1-based. */
  pageNumber: number;
  width: number;
  height: number;
  lines: Line[];
  images: PageImage[];
  rules: Rule[];
  fills: Fill[];
  /**
   * Vertical Japanese or Chinese, laid out turned a quarter (its columns right to left as rows top to bottom; the
   * page's width and height swapped), to be written as vertical text on the upright page.
   */
  isVerticalText?: boolean;
  /** The clockwise quarter turns, in degrees, that stood the page upright when it was read turned (`read/page-turn.ts`). */
  turn?: 90 | 180 | 270;
};

export const boxWidth = (box: Box): number => box.x1 - box.x0;
export const boxHeight = (box: Box): number => box.y1 - box.y0;
export const centerX = (box: Box): number => (box.x0 + box.x1) / 2;
export const centerY = (box: Box): number => (box.y0 + box.y1) / 2;

export function unionBox(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  };
}

export function containsPoint(box: Box, x: number, y: number, tolerance = 0): boolean {
  return (
    x >= box.x0 - tolerance && x <= box.x1 + tolerance && y >= box.y0 - tolerance && y <= box.y1 + tolerance
  );
}

/** Overlap length of two intervals; negative when they are apart. */
export function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.min(a1, b1) - Math.max(a0, b0);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * How far text of `size` whose baseline is `baseline` stands above (below, when negative) the main `mainBaseline`
 * of text of `mainSize`, to the half point, when it is an exponent, an index or a footnote mark; else 0.
 */
export function scriptRise(baseline: number, size: number, mainBaseline: number, mainSize: number): number {
  const rise = Math.round((mainBaseline - baseline) * 2) / 2;
  const isScript =
    size < mainSize &&
    Math.abs(rise) >= SETTINGS.model.minRiseEm * mainSize &&
    Math.abs(rise) <= SETTINGS.model.maxRiseEm * mainSize;
  return isScript ? rise : 0;
}
