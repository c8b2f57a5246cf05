import type * as Mupdf from 'mupdf';

/**
 * The value at `path` inside a dictionary or array (MuPDF follows references; a stream stays a reference, so
 * `isStream` holds), or `undefined` when a step is missing,
 * null or not a container: MuPDF's own `get` throws on its null object, so a chain of optional keys goes through
 * this.
 */
export function at(
  object: Mupdf.PDFObject | undefined,
  ...path: (string | number)[]
): Mupdf.PDFObject | undefined {
  let current = object;
  for (const key of path) {
    if (current === undefined || !(current.isDictionary() || current.isArray())) return undefined;
    current = current.get(key);
  }
  return current === undefined || current.isNull() ? undefined : current;
}

export function nameAt(
  object: Mupdf.PDFObject | undefined,
  ...path: (string | number)[]
): string | undefined {
  const value = at(object, ...path);
  return value?.isName() ? value.asName() : undefined;
}

export function numberAt(
  object: Mupdf.PDFObject | undefined,
  ...path: (string | number)[]
): number | undefined {
  const value = at(object, ...path);
  return value?.isNumber() ? value.asNumber() : undefined;
}

export function elements(array: Mupdf.PDFObject | undefined): Mupdf.PDFObject[] {
  const items: Mupdf.PDFObject[] = [];
  if (array === undefined || !array.isArray()) return items;
  for (let i = 0; i < array.length; i += 1) items.push(array.get(i));
  return items;
}

export function nameOf(object: Mupdf.PDFObject | undefined): string | undefined {
  return object?.isName() ? object.asName() : undefined;
}
