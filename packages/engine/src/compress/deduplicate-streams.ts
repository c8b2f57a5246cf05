import { createHash } from 'node:crypto';
import type * as Mupdf from 'mupdf';

/** Rounds of merging: an image whose mask was merged in one round may match another image in the next. */
const MAX_ROUNDS = 3;
/**
 * Direct arrays and dictionaries nested deeper than this are not followed (a hostile file nests them by the
 * hundred thousand): a stream with such a dictionary is never merged, and references that deep are left as they
 * are, which keeps the stream they name.
 */
const MAX_DEPTH = 32;
/** The file's own packaging (object streams, cross-reference streams): rewritten when the file is written. */
const STRUCTURAL = new Set(['ObjStm', 'XRef']);

/**
 * Merges streams that are the same bytes under the same dictionary (a font or a logo embedded once per page, the
 * same image in two merged files) and points every reference at the one kept; the others are then unreferenced and
 * dropped when the file is written. Linear in the objects: each stream is hashed once per round. MuPDF's own
 * merging (`garbage=3` and above) compares every object with every other, which takes minutes on a file of tens of
 * thousands of objects (a tagged or heavily linked document). Returns the number of streams merged.
 */
export function deduplicateStreams(pdf: Mupdf.PDFDocument): number {
  const replaced = new Map<number, number>();
  const canonical = (num: number) => replaced.get(num) ?? num;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const firstOf = new Map<string, number>();
    let merged = 0;
    const count = pdf.countObjects();
    for (let num = 1; num < count; num += 1) {
      if (replaced.has(num)) continue;
      const object = pdf.newIndirect(num);
      if (!object.isStream() || STRUCTURAL.has(object.get('Type').asName())) continue;
      const key = streamKey(object, canonical);
      if (key === null) continue;
      const first = firstOf.get(key);
      if (first === undefined) {
        firstOf.set(key, num);
      } else {
        replaced.set(num, first);
        merged += 1;
      }
    }
    if (merged === 0) break;
  }
  if (replaced.size > 0) pointAtKept(pdf, replaced);
  return replaced.size;
}

/**
 * A hash of a stream's dictionary (references as the objects they now stand for, /Length aside) and raw bytes; null
 * for a dictionary nested too deep to describe.
 */
function streamKey(stream: Mupdf.PDFObject, canonical: (num: number) => number): string | null {
  const dictionary = describeContents(stream, canonical, 0, 'Length');
  if (dictionary === null) return null;
  const hash = createHash('sha256');
  hash.update(dictionary);
  hash.update('\0');
  const raw = stream.readRawStream();
  try {
    hash.update(raw.asUint8Array());
  } finally {
    raw.destroy();
  }
  return hash.digest('base64');
}

/** A PDF value written out with its dictionaries' keys in order and its references renumbered; null if too deep. */
function describe(value: Mupdf.PDFObject, canonical: (num: number) => number, depth: number): string | null {
  if (value.isIndirect()) return `${canonical(value.asIndirect())} R`;
  if (!value.isArray() && !value.isDictionary()) return value.toString();
  return describeContents(value, canonical, depth);
}

/**
 * The items of an array or the entries of a dictionary, written out; `container` may be a reference (never
 * `resolve()`d: MuPDF.js hands back a resolved object whose release later spoils the object it stands for).
 */
function describeContents(
  container: Mupdf.PDFObject,
  canonical: (num: number) => number,
  depth: number,
  skipKey?: string,
): string | null {
  if (depth >= MAX_DEPTH) return null;
  const isArray = container.isArray();
  const parts: string[] = [];
  let isTooDeep = false;
  container.forEach((item, key) => {
    if (isTooDeep || key === skipKey) return;
    const described = describe(item, canonical, depth + 1);
    if (described === null) isTooDeep = true;
    else parts.push(isArray ? described : `/${String(key)} ${described}`);
  });
  if (isTooDeep) return null;
  return isArray ? `[${parts.join(' ')}]` : `<<${parts.sort().join(' ')}>>`;
}

/** Rewrites every reference to a merged stream, in every object and in the trailer, to the stream kept. */
function pointAtKept(pdf: Mupdf.PDFDocument, replaced: ReadonlyMap<number, number>): void {
  const rewrite = (container: Mupdf.PDFObject, depth = 0) => {
    const changes: [string | number, number][] = [];
    container.forEach((item, key) => {
      if (item.isIndirect()) {
        const kept = replaced.get(item.asIndirect());
        if (kept !== undefined) changes.push([key, kept]);
      } else if ((item.isArray() || item.isDictionary()) && depth < MAX_DEPTH) {
        rewrite(item, depth + 1);
      }
    });
    for (const [key, kept] of changes) container.put(key, pdf.newIndirect(kept));
  };
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    if (replaced.has(num)) continue;
    const object = pdf.newIndirect(num);
    if (object.isArray() || object.isDictionary()) rewrite(object);
  }
  rewrite(pdf.getTrailer());
}
