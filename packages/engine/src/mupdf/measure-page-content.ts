import { inflateSync } from 'node:zlib';
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
 * A stream's decoded length, at most `capBytes`, without ever letting MuPDF decode it: Flate (the filter of nearly
 * every content stream, with or without a predictor) is inflated here with its output capped; any other filter
 * (LZW, ASCII85, or an image codec where no content stream belongs, such as a JBIG2 bomb) counts a few times its
 * raw bytes.
 */
function decodedLength(stream: Mupdf.PDFObject, capBytes: number): number {
  const filter = stream.get('Filter');
  const only = filter.isArray() && filter.length === 1 ? filter.get(0) : filter;
  const isFlate = only.isName() && only.asName() === 'FlateDecode';
  try {
    const raw = stream.readRawStream();
    if (filter.isNull()) return Math.min(raw.getLength(), capBytes);
    if (isFlate) return inflatedLength(raw.asUint8Array(), capBytes);
    return Math.min(raw.getLength() * OTHER_FILTER_RATIO, capBytes);
  } catch {
    return 0;
  }
}

function inflatedLength(raw: Uint8Array, capBytes: number): number {
  try {
    return inflateSync(raw, { maxOutputLength: Math.max(1, capBytes) }).length;
  } catch (error) {
    // Past the cap: the stream holds at least that much.
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return capBytes;
    return 0;
  }
}
