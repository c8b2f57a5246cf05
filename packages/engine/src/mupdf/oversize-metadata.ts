import { inflateSync } from 'node:zlib';
import { loadMupdf } from './load-mupdf.ts';
import { openPdfFile } from './open-pdf-file.ts';

/**
 * The most bytes of XMP metadata a tool hands to an engine that holds it whole: qpdf writes the catalog's metadata
 * uncompressed (it decodes it whatever `--decode-level` says) and `pdfinfo` reads it into one string. Real XMP,
 * thumbnails and edit history included, is kilobytes to a few megabytes.
 */
export const MAX_METADATA_BYTES = 64 * 1024 * 1024;

/**
 * Whether the catalog's XMP metadata of the PDF at `path` is known to be larger than `MAX_METADATA_BYTES` once
 * decoded: stored plain, or behind FlateDecode filters (inflated here one after the other, each capped at
 * `MAX_METADATA_BYTES`, so a metadata flate bomb costs a fraction of a second, not the seconds qpdf or pdfinfo spend
 * inflating it up to their 1 GiB memory caps). False when it is smaller, absent, or behind other filters (left to
 * the engines' memory caps), and when MuPDF cannot read the file or the password does not open it: the engines'
 * own verdict then stands.
 */
export async function hasOversizeMetadata(path: string, password: string | undefined): Promise<boolean> {
  const mupdf = await loadMupdf();
  let opened: ReturnType<typeof openPdfFile> | null = null;
  try {
    opened = openPdfFile(mupdf, path);
    const { pdf } = opened;
    if (pdf.needsPassword() && pdf.authenticatePassword(password ?? '') === 0) return false;
    const metadata = pdf.getTrailer().get('Root').get('Metadata');
    if (!metadata.isStream()) return false;
    const filter = metadata.get('Filter');
    const filters: string[] = [];
    if (filter.isName()) filters.push(filter.asName());
    else if (filter.isArray()) {
      for (let index = 0; index < filter.length; index += 1) {
        const item = filter.get(index);
        if (!item.isName()) return false;
        filters.push(item.asName());
      }
    } else if (!filter.isNull()) return false;
    if (filters.some((name) => name !== 'FlateDecode' && name !== 'Fl')) return false;
    let data: Uint8Array = metadata.readRawStream().asUint8Array();
    for (let stage = 0; stage < filters.length; stage += 1) {
      try {
        data = inflateSync(data, { maxOutputLength: MAX_METADATA_BYTES });
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
      }
    }
    return data.length > MAX_METADATA_BYTES;
  } catch (error) {
    // MuPDF itself broke (see `readPageTree`): not a verdict on the file, and MuPDF is unusable in this worker.
    if (error instanceof Error && (error.name === 'RuntimeError' || error.name === 'RangeError')) throw error;
    return false;
  } finally {
    opened?.close();
  }
}
