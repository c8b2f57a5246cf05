import type * as Mupdf from 'mupdf';

/**
 * What a redacted document would still tell beside its pages, removed whole: the document's metadata (information
 * dictionary, XMP of the document and of every object, authoring programs' private data), its bookmarks, its
 * scripts and the actions that run them, its form's XFA copy, its attachments, and the pages' thumbnails (pictures of the pages as they
 * were). Every object is visited once.
 */
export function removeDocumentLeaks(pdf: Mupdf.PDFDocument): void {
  const trailer = pdf.getTrailer();
  trailer.delete('Info');
  const catalog = trailer.get('Root');
  for (const key of ['Metadata', 'Outlines', 'AA', 'AF', 'Collection', 'PieceInfo']) catalog.delete(key);
  if (catalog.get('PageMode').isName() && catalog.get('PageMode').asName() === 'UseOutlines') {
    catalog.delete('PageMode');
  }
  if (isScript(catalog.get('OpenAction'))) catalog.delete('OpenAction');
  // A form's XFA copy holds its fields' values and its scripts.
  const form = catalog.get('AcroForm');
  if (form.isDictionary()) form.delete('XFA');
  const names = catalog.get('Names');
  if (names.isDictionary()) {
    names.delete('JavaScript');
    names.delete('EmbeddedFiles');
  }
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    for (const key of ['Metadata', 'PieceInfo', 'AA', 'Thumb', 'AF']) {
      if (!object.get(key).isNull()) object.delete(key);
    }
    if (isScript(object.get('A'))) object.delete('A');
    if (isScript(object.get('Next'))) object.delete('Next');
    // A script action that is an object of its own, wherever it is referred from: left without its script.
    if (isScript(object)) object.delete('JS');
  }
}

function isScript(action: Mupdf.PDFObject): boolean {
  if (!action.isDictionary()) return false;
  const type = action.get('S');
  return type.isName() && ['JavaScript', 'Rendition'].includes(type.asName());
}

/** The strings of an annotation or field a reader shows or keeps: its comment, name, tooltip, value, subject. */
const ANNOTATION_TEXT_KEYS = ['Contents', 'RC', 'T', 'TU', 'TM', 'V', 'DV', 'Subj', 'CA'] as const;

/** Every text an annotation (or form field) carries, with its field's parents' and its link's address. */
export function annotationTexts(annotation: Mupdf.PDFObject): string[] {
  const texts: string[] = [];
  const collect = (value: Mupdf.PDFObject) => {
    if (value.isString()) texts.push(value.asString());
    else if (value.isName()) texts.push(value.asName());
    else if (value.isArray()) value.forEach((item) => collect(item));
  };
  let node = annotation;
  // A widget's field and its parents (a field's full name and value may sit on a parent); a few levels at most.
  for (let depth = 0; depth < 8 && node.isDictionary(); depth += 1) {
    for (const key of ANNOTATION_TEXT_KEYS) collect(node.get(key));
    node = node.get('Parent');
  }
  const action = annotation.get('A');
  if (action.isDictionary()) collect(action.get('URI'));
  const characteristics = annotation.get('MK');
  if (characteristics.isDictionary()) for (const key of ['CA', 'RC', 'AC']) collect(characteristics.get(key));
  return texts;
}

/**
 * Removes a form field whose widget was removed from its page: from its parent's kids, or from the form's fields,
 * and a parent left without kids the same way, so its value is gone from the file.
 */
export function removeField(pdf: Mupdf.PDFDocument, widget: Mupdf.PDFObject): void {
  const fields = pdf.getTrailer().get('Root', 'AcroForm', 'Fields');
  let node = widget;
  for (let depth = 0; depth < 8; depth += 1) {
    const parent = node.get('Parent');
    const list = parent.isDictionary() ? parent.get('Kids') : fields;
    if (list.isArray()) removeFromArray(list, node);
    if (!parent.isDictionary() || (parent.get('Kids').isArray() && parent.get('Kids').length > 0)) return;
    node = parent;
  }
}

function removeFromArray(list: Mupdf.PDFObject, item: Mupdf.PDFObject): void {
  if (!item.isIndirect()) return;
  const target = item.asIndirect();
  for (let index = list.length - 1; index >= 0; index -= 1) {
    const entry = list.get(index);
    if (entry.isIndirect() && entry.asIndirect() === target) list.delete(index);
  }
}

/**
 * Removes what strings of the document's objects still hold a term found (`matchTexts` tells which of a list of texts
 * hold one): a structure element's replacement text or alternate description, a destination's name. The key holding
 * the string goes. All the strings are matched at once.
 */
export function removeMatchingStrings(
  pdf: Mupdf.PDFDocument,
  matchTexts: (texts: readonly string[]) => boolean[],
): void {
  const found: { num: number; key: string; text: string }[] = [];
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    object.forEach((value, key) => {
      if (value.isString()) found.push({ num, key: String(key), text: value.asString() });
    });
  }
  const isMatched = matchTexts(found.map(({ text }) => text));
  found.forEach(({ num, key }, index) => {
    if (isMatched[index]) pdf.newIndirect(num).delete(key);
  });
}
