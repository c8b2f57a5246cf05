import type { Fill, Line, PageImage, Rule, Span } from '../pdf-to-word/model/layout-model.ts';

/** A picture, turned a quarter clockwise where its pixels stand as on the page read turned (`isVerticalText`). */
export type SlidePicture = PageImage & { isTurned?: boolean };

/**
 * One page as its slide shows it, in points from the top left of the page as read (turned upright when its text ran
 * sideways): its lines of text, its pictures (the first of them, on a page with text, its drawing: `drawPageArt`),
 * and, on a scan read as text, the rules and fills found on it, which are drawn as shapes.
 */
export type SlidePage = {
  /** 1-based, in the PDF. */
  pageNumber: number;
  width: number;
  height: number;
  lines: Line[];
  /** Bottom to top. */
  pictures: SlidePicture[];
  rules: Rule[];
  fills: Fill[];
  /** The spans drawn invisible on the page (a text layer laid over a scan): written as transparent text. */
  invisible: ReadonlySet<Span>;
  /** Vertical Japanese or Chinese: every line is written top to bottom, its columns right to left. */
  isVerticalText?: boolean;
};
