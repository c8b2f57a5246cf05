import { readFile, writeFile } from 'node:fs/promises';
import { loadMupdf } from '../mupdf/load-mupdf.ts';

/**
 * Tesseract's text-only pages each carry their own copy of the same invisible font (a glyph-less TrueType with a
 * Unicode map); joined, a 300-page layer would hold 300 copies. This points every page of the joined layer at the
 * first page's font and drops the others, in place: the layer then costs its words, not a font per page.
 */
export async function shareLayerFont(layerPath: string): Promise<void> {
  const mupdf = await loadMupdf();
  const document = mupdf.Document.openDocument(await readFile(layerPath), 'application/pdf');
  try {
    const pdf = document.asPDF();
    if (!pdf || pdf.countPages() < 2) return;
    const fontsOf = (index: number) => pdf.findPage(index).get('Resources').get('Font');
    const shared = fontsOf(0);
    if (!shared.isDictionary()) return;
    for (let index = 1; index < pdf.countPages(); index += 1) {
      const fonts = fontsOf(index);
      if (!fonts.isDictionary()) continue;
      shared.forEach((font, name) => {
        if (!fonts.get(name).isNull()) fonts.put(name, font);
      });
    }
    const saved = pdf.saveToBuffer('garbage=compact');
    try {
      await writeFile(layerPath, saved.asUint8Array());
    } finally {
      saved.destroy();
    }
  } finally {
    document.destroy();
  }
}
