import type * as Mupdf from 'mupdf';
import type { PathMark } from './raw-page.ts';
import type { Box } from '../model/layout-model.ts';

/**
 * The areas of a PDF page's form fields (check boxes, radio buttons, text and list fields), in points from the top
 * left of the page as displayed: what is drawn there is a field's appearance, never part of a figure.
 */
export function readWidgetBoxes(page: Mupdf.Page): Box[] {
  if (!page.isPDF()) return [];
  const [bx0 = 0, by0 = 0] = page.getBounds();
  return (page as Mupdf.PDFPage).getWidgets().map((widget) => {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = widget.getRect();
    return { x0: x0 - bx0, y0: y0 - by0, x1: x1 - bx0, y1: y1 - by0 };
  });
}

/** The paths not drawn inside a form field (its box, its check mark, its radio button's dot). */
export function withoutFields(paths: readonly PathMark[], fields: readonly Box[]): PathMark[] {
  if (fields.length === 0) return [...paths];
  const isInField = (box: Box) =>
    fields.some(
      (field) =>
        box.x0 >= field.x0 - 1 && box.y0 >= field.y0 - 1 && box.x1 <= field.x1 + 1 && box.y1 <= field.y1 + 1,
    );
  return paths.filter((path) => !isInField(path.box));
}
