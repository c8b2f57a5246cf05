import type * as Mupdf from 'mupdf';

/**
 * Takes out of the resources of the forms a page draws (in its content and in its annotations' appearances) every
 * form that would draw a form drawing it: one that draws itself, or two that draw each other. A reader draws such a
 * loop no further and shows nothing more of it; MuPDF's redaction follows it without end, runs out of stack, and
 * leaves its WebAssembly memory unusable for every job after it. Nothing a reader shows is lost.
 */
export function breakFormCycles(page: Mupdf.PDFPage): void {
  const pageObject = page.getObject();
  const finished = new Set<number>();
  // MuPDF.js gives null, not a null object, for a page with no resources of its own or inherited.
  const visit = (resources: Mupdf.PDFObject | null, drawing: readonly number[]) => {
    if (!resources?.isDictionary()) return;
    const forms = resources.get('XObject');
    if (!forms.isDictionary()) return;
    for (const key of keysOf(forms)) {
      const entry = forms.get(key);
      if (!entry.isIndirect()) continue;
      const number = entry.asIndirect();
      if (drawing.includes(number)) {
        forms.delete(key);
        continue;
      }
      if (finished.has(number)) continue;
      // Read through the reference: a resolved stream no longer says it is one.
      if (entry.isStream() && entry.get('Subtype').asName() === 'Form') {
        visit(entry.get('Resources'), [...drawing, number]);
      }
      finished.add(number);
    }
  };
  visit(pageObject.getInheritable('Resources'), []);
  const annotations = pageObject.get('Annots');
  if (!annotations.isArray()) return;
  annotations.forEach((annotation) => {
    const appearances = annotation.get('AP');
    if (!appearances.isDictionary()) return;
    for (const kind of ['N', 'R', 'D']) {
      const appearance = appearances.get(kind);
      // One appearance, or one for each state of the annotation (a check box's on and off).
      const streams = appearance.isStream()
        ? [appearance]
        : keysOf(appearance).map((key) => appearance.get(key));
      for (const stream of streams) {
        if (stream.isStream())
          visit(stream.get('Resources'), stream.isIndirect() ? [stream.asIndirect()] : []);
      }
    }
  });
}

function keysOf(dictionary: Mupdf.PDFObject): string[] {
  const keys: string[] = [];
  if (dictionary.isDictionary()) dictionary.forEach((_value, key) => keys.push(String(key)));
  return keys;
}
