import type { Box, PageLayout } from '../model/layout-model.ts';
import type { ImageOrientation } from './image-orientation.ts';

/** An image as decoded pixels, before encoding (which is asynchronous and happens after the walk). */
export type RawImage = {
  box: Box;
  pixels: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  /** How the pixels are turned on the page. */
  orientation: ImageOrientation;
};

/**
 * A vector path as MuPDF reports it: its box, and whether it is a shape (a curve, a diagonal, a polygon: neither a
 * rectangle nor a thin straight rule). Charts and diagrams are made of shapes; tables and shading are not.
 */
export type PathMark = { box: Box; isShape: boolean };

/**
 * A glyph of a maths extension font (a big bracket, brace, root or integral, or a piece of one) as drawn: `box` is
 * its ink, `size` the font size it was set in.
 */
export type FormulaMark = { box: Box; size: number };

/**
 * What the figures stage needs of an upright page's drawing: the boxes of all its shapes (form fields' included), its
 * vector paths (those of form fields left out), the boxes of glyphs set in maths fonts, and the ink of the big
 * delimiters among them.
 */
export type PageDrawing = { shapes: Box[]; paths: PathMark[]; maths: Box[]; marks: FormulaMark[] };

/**
 * A page as the read stage gives it: the layout without its images (still pixels, encoded later), its lines as
 * MuPDF's characters make them (not yet joined around formulas), and its drawing, or null on a page read turned (its
 * figures are left to its text and rules).
 */
export type ReadPage = {
  layout: Omit<PageLayout, 'images'>;
  images: RawImage[];
  drawing: PageDrawing | null;
};
