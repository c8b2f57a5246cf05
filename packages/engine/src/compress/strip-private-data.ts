import { inflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { ownedBytes } from '../mupdf/owned-bytes.ts';

/** Largest XMP packet read for thumbnail removal; real ones are kilobytes, thumbnails included. */
const MAX_METADATA_BYTES = 16 * 1024 * 1024;

/** An XMP thumbnail: a base64 preview picture (tens of kilobytes) that no viewer needs to show the document. */
const XMP_THUMBNAILS = /<(xmp|xap):Thumbnails\b[\s\S]*?<\/\1:Thumbnails>/g;

/**
 * Removes data no viewer shows: /PieceInfo (private round-trip data of the authoring program, such as whole
 * Illustrator documents, often larger than the PDF itself), /Thumb page thumbnails and the preview picture
 * inside XMP metadata (viewers draw their own). Page content, text, annotations, forms, bookmarks, attachments
 * and the rest of the document metadata are untouched.
 */
export function stripPrivateData(pdf: Mupdf.PDFDocument): void {
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    if (!object.get('PieceInfo').isNull()) object.delete('PieceInfo');
    if (object.get('Type').asName() === 'Page' && !object.get('Thumb').isNull()) object.delete('Thumb');
    if (object.isStream() && object.get('Type').asName() === 'Metadata') dropXmpThumbnails(object);
  }
}

function dropXmpThumbnails(metadata: Mupdf.PDFObject) {
  const xml = readMetadataText(metadata);
  if (xml === null) return;
  const stripped = xml.replace(XMP_THUMBNAILS, '');
  // Metadata stays unencoded, as PDF/A requires and as it was.
  if (stripped.length < xml.length) metadata.writeStream(new TextEncoder().encode(stripped));
}

/**
 * The metadata as text, or null when it is encoded otherwise than plainly or with Flate, or inflates to more than
 * `MAX_METADATA_BYTES`. Read raw and inflated here with a cap: MuPDF would inflate a metadata bomb (1 GiB from
 * 1 MB, hardening item 24) whole into its heap, which never shrinks.
 */
export function readMetadataText(metadata: Mupdf.PDFObject): string | null {
  const filter = metadata.get('Filter');
  const filters = filter.isArray()
    ? Array.from({ length: filter.length }, (_, index) => filter.get(index))
    : filter.isNull()
      ? []
      : [filter];
  const names = filters.map((name) => (name.isName() ? name.asName() : ''));
  if (names.length > 1 || (names.length === 1 && names[0] !== 'FlateDecode')) return null;
  if (!metadata.get('DecodeParms').isNull()) return null;
  const bytes = ownedBytes(metadata.readRawStream());
  if (names.length === 0) return bytes.length <= MAX_METADATA_BYTES ? new TextDecoder().decode(bytes) : null;
  try {
    return new TextDecoder().decode(inflateSync(bytes, { maxOutputLength: MAX_METADATA_BYTES }));
  } catch {
    // Corrupt, or larger than any real XMP packet: left exactly as it is.
    return null;
  }
}
