import { pageBoxRect, type PageBox } from '@quire/shared';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import type { Stamp } from '../stamp/draw-stamps.ts';

/**
 * What a signature's /ByteRange holds until the file is written: four numbers as wide as the real ones can be (a
 * file under a gigabyte), which `fillSignature` finds and writes over.
 */
export const BYTE_RANGE_PLACEHOLDER = 999_999_999;

/** The most form fields a document's field tree is searched through for signatures. */
const MAX_FIELDS_SEARCHED = 10_000;

export type SignatureField = {
  /** 0-based. */
  readonly pageIndex: number;
  /** Where the signature is seen, as a box of the page (`PageBox`). */
  readonly box: PageBox;
  /** Its appearance, as large as the box, upright (`buildSignatureAppearance`). */
  readonly appearance: Stamp;
  /** How many bytes the signature's /Contents holds (`cadesSignatureBytes`). */
  readonly contentsBytes: number;
  readonly signerName: string;
  readonly reason?: string | undefined;
  readonly location?: string | undefined;
  readonly signingTime: Date;
};

/**
 * Adds a signature field to a PDF: a widget on its page, in the box, whose appearance is `appearance` turned with the
 * page (its /Matrix, so that it is upright on a rotated page), and its value, a signature dictionary for PAdES
 * (/Adobe.PPKLite, /ETSI.CAdES.detached) with the claimed signing time (/M) and the optional reason and location,
 * whose /ByteRange and /Contents are placeholders that `fillSignature` fills once the file is written. The
 * document's form gets the field and /SigFlags 3 (signatures exist; the file is to be appended to, not rewritten).
 */
export function addSignatureField(mupdf: MupdfModule, pdf: Mupdf.PDFDocument, field: SignatureField): void {
  const page = pdf.loadPage(field.pageIndex);
  let rect: number[];
  let matrix: number[];
  try {
    const toUser = mupdf.Matrix.invert(page.getTransform());
    const [x0, y0, x1, y1] = pageBoxRect(field.box, page.getBounds());
    const corners = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ].map(([x = 0, y = 0]) => transformPoint(toUser, x, y));
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    rect = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    // The appearance is drawn y up, upright as seen: flipped into the seen page's y down, then into the page's own
    // space. Only the turn matters: a reader fits the appearance's box to /Rect.
    const [a, b, c, d] = mupdf.Matrix.concat(mupdf.Matrix.scale(1, -1), toUser);
    matrix = [a, b, c, d, 0, 0];
  } finally {
    page.destroy();
  }
  field.appearance.form.put('Matrix', pdf.newArray());
  const matrixObject = field.appearance.form.get('Matrix');
  for (const value of matrix) matrixObject.push(roundNumber(value));

  const signature = pdf.addObject({
    Type: pdf.newName('Sig'),
    Filter: pdf.newName('Adobe.PPKLite'),
    SubFilter: pdf.newName('ETSI.CAdES.detached'),
    ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
    Contents: pdf.newByteString(new Uint8Array(field.contentsBytes)),
    M: pdf.newString(pdfDate(field.signingTime)),
    ...(field.signerName === '' ? {} : { Name: pdf.newString(field.signerName) }),
    ...(field.reason === undefined ? {} : { Reason: pdf.newString(field.reason) }),
    ...(field.location === undefined ? {} : { Location: pdf.newString(field.location) }),
  });
  const pageObject = pdf.findPage(field.pageIndex);
  const form = ensureForm(pdf);
  const widget = pdf.addObject({
    Type: pdf.newName('Annot'),
    Subtype: pdf.newName('Widget'),
    FT: pdf.newName('Sig'),
    T: pdf.newString(uniqueFieldName(form.get('Fields'))),
    V: signature,
    // Printed, and locked: the signature's look is not to be moved.
    F: 4 | 128,
    Rect: rect.map(roundNumber),
    P: pageObject,
    AP: { N: field.appearance.form },
  });
  let annotations = pageObject.get('Annots');
  if (!annotations.isArray()) {
    annotations = pdf.newArray();
    pageObject.put('Annots', annotations);
  }
  annotations.push(widget);
  form.get('Fields').push(widget);
  form.put('SigFlags', 3);
}

/** Whether the document carries a signed signature field (one with a value), anywhere in its field tree. */
export function hasSignatures(pdf: Mupdf.PDFDocument): boolean {
  const form = pdf.getTrailer().get('Root').get('AcroForm');
  const fields = form.isDictionary() ? form.get('Fields') : null;
  const pending: Mupdf.PDFObject[] = [];
  if (fields?.isArray()) fields.forEach((item) => pending.push(item));
  for (let seen = 0; pending.length > 0 && seen < MAX_FIELDS_SEARCHED; seen += 1) {
    const item = pending.pop()!;
    if (!item.isDictionary()) continue;
    if (item.get('FT').isName() && item.get('FT').asName() === 'Sig' && item.get('V').isDictionary())
      return true;
    const kids = item.get('Kids');
    if (kids.isArray()) kids.forEach((kid) => pending.push(kid));
  }
  return false;
}

/** The document's interactive form, made when it has none, with a /Fields array. */
function ensureForm(pdf: Mupdf.PDFDocument): Mupdf.PDFObject {
  const root = pdf.getTrailer().get('Root');
  let form = root.get('AcroForm');
  if (!form.isDictionary()) {
    form = pdf.addObject(pdf.newDictionary());
    root.put('AcroForm', form);
  }
  if (!form.get('Fields').isArray()) form.put('Fields', pdf.newArray());
  return form;
}

/** `Signature1`, or the first of `Signature2`, `Signature3`, … no field of the top level is called. */
function uniqueFieldName(fields: Mupdf.PDFObject): string {
  const taken = new Set<string>();
  if (fields.isArray()) {
    fields.forEach((item) => {
      const name = item.get('T');
      if (name.isString()) taken.add(name.asString());
    });
  }
  for (let number = 1; ; number += 1) {
    if (!taken.has(`Signature${number}`)) return `Signature${number}`;
  }
}

function transformPoint([a, b, c, d, e, f]: Mupdf.Matrix, x: number, y: number): [number, number] {
  return [a * x + c * y + e, b * x + d * y + f];
}

/** A date as PDF writes it, in UTC: `D:20261130023000Z`. */
function pdfDate(date: Date): string {
  const digits = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `D:${digits}Z`;
}

function roundNumber(value: number): number {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? 0 : rounded;
}
