import * as mupdf from 'mupdf';

/** The page's image draws as a transform; its bounding box is where the image lands on the page (y down). */
export function imageBoxes(page: mupdf.Page): number[][] {
  const boxes: number[][] = [];
  const device = new mupdf.Device({
    fillImage(_image, ctm) {
      const [a, b, c, d, e, f] = ctm;
      const xs = [e, e + a, e + c, e + a + c];
      const ys = [f, f + b, f + d, f + b + d];
      boxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  return boxes;
}
