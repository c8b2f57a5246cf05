import { deflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';

/** Wrapping is kept whenever it saves a byte: even a noisy scan's JPEG, which barely deflates, gains a little. */
const MIN_SAVED_BYTES = 1;
/** Form XObjects are followed this deep for their images. */
const MAX_FORM_DEPTH = 3;

/**
 * Losslessly shrinks the JPEG images of the given pages: each JPEG's bytes, unchanged, are deflated and the stream's
 * filters become `[/FlateDecode /DCTDecode]`, which every PDF reader decodes in turn. The white paper of a scan
 * makes a JPEG's entropy-coded data repetitive enough for deflate to save up to 15%; the image itself is not
 * re-encoded: the same JPEG, the same pixels. Returns the bytes saved.
 */
export function deflateJpegStreams(pdf: Mupdf.PDFDocument, pageNumbers: readonly number[]): number {
  const seen = new Set<number>();
  let saved = 0;
  const visitResources = (resources: Mupdf.PDFObject, depth: number) => {
    const xobjects = resources.get('XObject');
    if (!xobjects.isDictionary()) return;
    xobjects.forEach((entry) => {
      if (!entry.isIndirect()) return;
      const number = entry.asIndirect();
      if (seen.has(number)) return;
      seen.add(number);
      // Stream functions take the reference (MuPDF finds a stream's data through its object number).
      const stream = entry;
      if (!stream.isStream()) return;
      const subtype = stream.get('Subtype');
      if (subtype.isName() && subtype.asName() === 'Image') {
        saved += deflateJpeg(pdf, stream);
      } else if (subtype.isName() && subtype.asName() === 'Form' && depth < MAX_FORM_DEPTH) {
        const inner = stream.get('Resources');
        if (inner.isDictionary()) visitResources(inner, depth + 1);
      }
    });
  };
  for (const pageNumber of pageNumbers) {
    const resources = pdf.findPage(pageNumber - 1).getInheritable('Resources');
    if (resources.isDictionary()) visitResources(resources, 0);
  }
  return saved;
}

function deflateJpeg(pdf: Mupdf.PDFDocument, stream: Mupdf.PDFObject): number {
  const filter = stream.get('Filter');
  const isJpeg =
    (filter.isName() && filter.asName() === 'DCTDecode') ||
    (filter.isArray() && filter.length === 1 && filter.get(0).asName() === 'DCTDecode');
  if (!isJpeg) return 0;
  const raw = stream.readRawStream();
  try {
    const jpeg = raw.asUint8Array();
    const deflated = deflateSync(jpeg, { level: 9 });
    if (jpeg.length - deflated.length < MIN_SAVED_BYTES) return 0;
    const parms = stream.get('DecodeParms');
    const filters = pdf.newArray();
    filters.push(pdf.newName('FlateDecode'));
    filters.push(pdf.newName('DCTDecode'));
    stream.writeRawStream(deflated);
    stream.put('Filter', filters);
    if (!parms.isNull()) {
      const list = pdf.newArray();
      list.push(pdf.newNull());
      list.push(parms.isArray() ? parms.get(0) : parms);
      stream.put('DecodeParms', list);
    }
    return jpeg.length - deflated.length;
  } finally {
    raw.destroy();
  }
}
