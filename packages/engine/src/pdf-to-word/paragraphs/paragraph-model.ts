import type { Box, Fill, LinkTarget, TextStyle } from '../model/layout-model.ts';
import type { TextFit } from './fit-text-width.ts';

/** What the paragraphs stage gives the writer: paragraphs of style runs, placed as on the page. */
export type Run = {
  text: string;
  style: TextStyle;
  /** Points above the line's baseline (below when negative): superscripts and subscripts. */
  rise?: number;
  link?: LinkTarget;
  /** The fill behind the text: Word shading, or a highlight. */
  shade?: Fill;
  /** The run is a running head's page number, written as a PAGE field in its place. */
  isPageNumber?: boolean;
};
export type Alignment = 'left' | 'center' | 'right' | 'justify';
/** A run of this text is a line break: the lines of a table's cell end where the PDF ends them. */
export const LINE_BREAK = '\n';

export type ParagraphBlock = {
  kind: 'paragraph';
  runs: Run[];
  box: Box;
  alignment: Alignment;
  /** Points from the column's left edge to the paragraph's lines. */
  indentLeft: number;
  /** Points from the paragraph's right edge to the column's right edge. */
  indentRight: number;
  /** First line's start relative to `indentLeft`; negative for a hanging list item. */
  firstLineIndent: number;
  /** Distance between baselines, in points. */
  lineSpacing: number;
  firstBaseline: number;
  lastBaseline: number;
  /**
   * Tab stops, in points from the column's start edge (the right one for right-to-left text), for rows of separate
   * pieces of text.
   */
  tabStops: number[];
  isRightToLeft: boolean;
  /** Starts with a bullet character (removed from `runs`). */
  isBullet: boolean;
  /** Dominant size and boldness, for recognising headings across the document. */
  size: number;
  isAllBold: boolean;
  headingLevel?: 1 | 2 | 3;
  /** Word bookmarks at the paragraph's start: where links into the document lead (`placeLinkAnchors`). */
  bookmarks?: string[];
  /** `RRGGBB` of a fill behind the whole paragraph and wider than its text: a coloured bar. */
  shading?: string;
  /** Characters scaled or set closer, for text wider in its Word font than in the PDF's (`textFitFor`). */
  fit?: TextFit;
};
