import type { PDFObject } from 'mupdf';

/** An image XObject written into the output PDF, with what the page layout needs to know about it. */
export type EmbeddedImage = {
  ref: PDFObject;
  /** Stored size in pixels. */
  width: number;
  height: number;
  /** Pixels per inch from the file's own metadata; undefined when it has none. */
  dpi: { x: number; y: number } | undefined;
};
