import type * as Mupdf from 'mupdf';

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
  const buffer = metadata.readStream();
  const xml = buffer.asString();
  buffer.destroy();
  const stripped = xml.replace(XMP_THUMBNAILS, '');
  // Metadata stays unencoded, as PDF/A requires and as it was.
  if (stripped.length < xml.length) metadata.writeStream(new TextEncoder().encode(stripped));
}
