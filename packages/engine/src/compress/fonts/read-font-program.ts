import { inflateSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { ownedBytes } from '../../mupdf/owned-bytes.ts';

/**
 * A font program's bytes, read raw and inflated here with a cap of `maxBytes` (MuPDF would inflate a Flate bomb whole
 * into its heap, which never shrinks); null past the cap, and for any filter but Flate, which embedded fonts in the
 * wild do not use: such a program is left as it is.
 */
export function readFontProgram(stream: Mupdf.PDFObject, maxBytes: number): Uint8Array | null {
  const filter = stream.get('Filter');
  const name = filter.isArray() && filter.length === 1 ? filter.get(0) : filter;
  if (!stream.get('DecodeParms').isNull()) return null;
  if (filter.isArray() && filter.length > 1) return null;
  const raw = ownedBytes(stream.readRawStream());
  if (name.isNull()) return raw.length <= maxBytes ? raw : null;
  if (!name.isName() || name.asName() !== 'FlateDecode') return null;
  try {
    return inflateSync(raw, { maxOutputLength: maxBytes });
  } catch {
    return null;
  }
}
