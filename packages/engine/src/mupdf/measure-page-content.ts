import { constants, inflateRawSync } from 'node:zlib';
import type * as Mupdf from 'mupdf';
import { loadMupdf } from './load-mupdf.ts';
import { openPdfFile } from './open-pdf-file.ts';

/** Forms a page draws are counted this deep (a form drawing a form…); deeper ones are rare and cost little more. */
const MAX_FORM_DEPTH = 3;
/** What a stream of another filter than Flate is taken to decode to, per raw byte (LZW's usual ratio and more). */
const OTHER_FILTER_RATIO = 4;
/** Forms looked at per page: a page listing thousands of forms is measured by the first of them. */
const MAX_FORMS_PER_PAGE = 200;

/**
 * The bytes of drawing operators a PDF's pages hold, decompressed: each page's content streams and the forms
 * (XObjects) its resources name, each stream counted once. This is what a renderer or a converter parses, and what
 * its time grows with: a 219 KB file may hold 5 million path operators. Counting stops at `capBytes` (past it the
 * job is long whatever the rest holds), and a Flate stream is inflated with its output capped there, so a stream
 * that inflates to gigabytes costs no more than the cap. Unreadable streams count as empty: the op that reads
 * them reports the damage.
 */
export async function measurePageContent(
  path: string,
  password: string | undefined,
  capBytes: number,
): Promise<number> {
  const mupdf = await loadMupdf();
  const opened = openPdfFile(mupdf, path);
  try {
    const { pdf } = opened;
    if (pdf.needsPassword() && (!password || pdf.authenticatePassword(password) === 0)) return 0;
    const seen = new Set<number>();
    let total = 0;
    const count = (stream: Mupdf.PDFObject) => {
      if (total >= capBytes || !stream.isStream()) return;
      if (stream.isIndirect()) {
        const num = stream.asIndirect();
        if (seen.has(num)) return;
        seen.add(num);
      }
      total += decodedLength(stream, capBytes - total);
    };
    const pageCount = pdf.countPages();
    for (let index = 0; index < pageCount && total < capBytes; index += 1) {
      const page = pdf.findPage(index);
      const contents = page.get('Contents');
      if (contents.isArray()) contents.forEach((part) => count(part));
      else count(contents);
      countForms(page.getInheritable('Resources'), count, 0, { left: MAX_FORMS_PER_PAGE });
    }
    return Math.min(total, capBytes);
  } catch {
    return 0;
  } finally {
    opened.close();
  }
}

function countForms(
  resources: Mupdf.PDFObject,
  count: (stream: Mupdf.PDFObject) => void,
  depth: number,
  budget: { left: number },
): void {
  if (depth >= MAX_FORM_DEPTH || !resources.isDictionary()) return;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((xobject) => {
    if (budget.left <= 0 || !xobject.isStream() || xobject.get('Subtype').asName() !== 'Form') return;
    budget.left -= 1;
    count(xobject);
    countForms(xobject.get('Resources'), count, depth + 1, budget);
  });
}

/**
 * A stream's decoded length, at most `capBytes`, without ever letting MuPDF decode it. Flate (the filter of nearly
 * every content stream, with or without a predictor, behind ASCII85 or ASCIIHex or not) is inflated here with its
 * output capped, as raw deflate with a sync flush, so that a wrong checksum, a cut end or a missing zlib header
 * still counts what the renderers will draw from it. Any other filter (LZW, or an image codec where no content
 * stream belongs, such as a JBIG2 bomb), or a stream that will not inflate, counts a few times its raw bytes.
 */
function decodedLength(stream: Mupdf.PDFObject, capBytes: number): number {
  const filters = filterNames(stream.get('Filter'));
  try {
    let bytes = stream.readRawStream().asUint8Array();
    if (filters.length === 0) return Math.min(bytes.length, capBytes);
    for (const filter of filters.slice(0, -1)) {
      const decoded = decodeText(filter, bytes);
      if (decoded === null) return Math.min(bytes.length * OTHER_FILTER_RATIO, capBytes);
      bytes = decoded;
    }
    if (filters.at(-1) !== 'FlateDecode') return Math.min(bytes.length * OTHER_FILTER_RATIO, capBytes);
    return inflatedLength(bytes, capBytes);
  } catch {
    return 0;
  }
}

function filterNames(filter: Mupdf.PDFObject): string[] {
  if (filter.isName()) return [filter.asName()];
  if (!filter.isArray()) return [];
  const names: string[] = [];
  filter.forEach((name) => names.push(name.isName() ? name.asName() : ''));
  return names;
}

/** Bytes a Flate stream inflates to, at most `capBytes`; a few times its size when it will not inflate at all. */
function inflatedLength(deflated: Uint8Array, capBytes: number): number {
  const options = { maxOutputLength: Math.max(1, capBytes), finishFlush: constants.Z_SYNC_FLUSH };
  // The zlib header skipped (its checksum is never checked then), or none to skip.
  for (const data of [deflated.subarray(2), deflated]) {
    try {
      return inflateRawSync(data, options).length;
    } catch (error) {
      // Past the cap: the stream holds at least that much.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return capBytes;
    }
  }
  return Math.min(deflated.length * OTHER_FILTER_RATIO, capBytes);
}

/** ASCIIHex or ASCII85 decoded (the text filters that may stand before Flate); null for any other filter. */
function decodeText(filter: string, text: Uint8Array): Uint8Array | null {
  if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
    const digits = Buffer.from(text)
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    return Buffer.from(digits.length % 2 === 0 ? digits : `${digits}0`, 'hex');
  }
  if (filter === 'ASCII85Decode' || filter === 'A85') return decodeAscii85(text);
  return null;
}

/** ASCII85 as PDF writes it: groups of five characters from `!` to `u`, `z` for four zero bytes, `~>` at the end. */
function decodeAscii85(text: Uint8Array): Uint8Array {
  const out: number[] = [];
  let group = 0;
  let count = 0;
  for (const code of text) {
    if (code === 0x7e) break;
    if (code === 0x7a && count === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    if (code < 0x21 || code > 0x75) continue;
    group = group * 85 + (code - 0x21);
    count += 1;
    if (count === 5) {
      out.push((group >>> 24) & 255, (group >>> 16) & 255, (group >>> 8) & 255, group & 255);
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let pad = count; pad < 5; pad += 1) group = group * 85 + 84;
    for (let index = 0; index < count - 1; index += 1) out.push((group >>> (24 - 8 * index)) & 255);
  }
  return Uint8Array.from(out);
}
