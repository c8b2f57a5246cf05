import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import * as mupdf from 'mupdf';

/** The images of a page-to-picture result: the entries of its zip, or the one picture of a one-page document (unnamed here). */
export async function readImages(path: string): Promise<[string, Uint8Array][]> {
  const bytes = await readFile(path);
  const isZip = bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'));
  return isZip ? Object.entries(unzipSync(bytes)) : [['', new Uint8Array(bytes)]];
}

/** Page sizes as MuPDF reads them (crop box, rotation and UserUnit applied): independent of poppler. */
export async function readMupdfPageBounds(path: string): Promise<{ width: number; height: number }[]> {
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, index) => {
      const page = doc.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      page.destroy();
      return { width: x1 - x0, height: y1 - y0 };
    });
  } finally {
    doc.destroy();
  }
}
