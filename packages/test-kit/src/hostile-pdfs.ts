import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withTable } from './table-content.ts';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Hostile PDFs of the hardening catalogue (group C), built byte by byte by the tests that use them (the engine's and
 * `packages/server/test/hardening`): small files that ask a parser or renderer for too much. None is copied.
 */

/** One indirect object: a dictionary or other value, or a dictionary with stream data (its /Length is added). */
export type PdfObject = string | { dict: string; stream: Buffer };

/**
 * Writes a PDF whose objects are numbered from 1 in the order given, with a correct cross-reference table.
 * Object 1 is the catalog unless `trailer` names another root.
 */
export function writePdf(objects: readonly PdfObject[], trailer = '/Root 1 0 R'): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]?.length ?? 0;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
      return;
    }
    const dict = object.dict.replace(/>>\s*$/, ` /Length ${object.stream.length} >>`);
    push(Buffer.from(`${index + 1} 0 obj\n${dict}\nstream\n`, 'latin1'));
    push(object.stream);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * A one-page letter PDF drawing `content`, with Helvetica as /F1. `extra` objects are numbered from 6 on, for the
 * page's `resources` (beyond the font) and `pageEntries` (an /Annots array, say) to refer to.
 */
export function writeLetterPage(
  content: string,
  {
    resources = '',
    pageEntries = '',
    extra = [],
  }: { resources?: string; pageEntries?: string; extra?: PdfObject[] } = {},
): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${resources}>> ${pageEntries}>>`,
    { dict: '<< >>', stream: Buffer.from(content) },
    HELVETICA,
    ...extra,
  ]);
}

/** A valid PDF of `pageCount` letter pages, each with one line of text (and, with `table`, a small table). */
export function createTextPdf(text: string, pageCount = 1, { table = false } = {}): Buffer {
  const pages: PdfObject[] = [];
  const kids: string[] = [];
  for (let page = 0; page < pageCount; page += 1) {
    const pageNumber = 3 + page * 2;
    kids.push(`${pageNumber} 0 R`);
    pages.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageNumber + 1} 0 R /Resources << /Font << /F1 ${3 + pageCount * 2} 0 R >> >> >>`,
      { dict: '<< >>', stream: withTable(`BT /F1 12 Tf 72 720 Td (${text} ${page + 1}) Tj ET`, table) },
    );
  }
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} >>`,
    ...pages,
    HELVETICA,
  ]);
}

/**
 * A zlib stream that inflates to `prefix` followed by `fillBytes` of `fill`, without ever holding them: the prefix
 * and one 1 MiB block of fill, each fully flushed (a full flush resets the window, so copies of the block stand
 * alone), the block repeated, an empty final block and the Adler-32 of the whole. About 1 KB per MiB inflated.
 */
export function createFlateBomb(fillBytes: number, fill = 0x20, prefix = Buffer.alloc(0)): Buffer {
  const blockBytes = 1024 * 1024;
  if (fillBytes % blockBytes !== 0) throw new Error('fillBytes must be whole MiB');
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const block = flushed(Buffer.alloc(blockBytes, fill));
  // Adler-32: a = 1 + Σ bytes, b = Σ of the running a, both mod 65521; n bytes of value v after (a0, b0) give
  // a = a0 + n·v and b = b0 + n·a0 + v·n(n+1)/2.
  const mod = 65521n;
  let a = 1n;
  let b = 0n;
  for (const byte of prefix) {
    a = (a + BigInt(byte)) % mod;
    b = (b + a) % mod;
  }
  const n = BigInt(fillBytes);
  const v = BigInt(fill);
  b = (b + n * a + (v * n * (n + 1n)) / 2n) % mod;
  a = (a + n * v) % mod;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...(prefix.length > 0 ? [flushed(prefix)] : []),
    ...Array.from({ length: fillBytes / blockBytes }, () => block),
    Buffer.from([0x03, 0x00]),
    adler,
  ]);
}

const GIBIBYTE = 1024 * 1024 * 1024;

/** Item 24: a page whose content stream inflates to 1 GiB (about 1 MB stored). */
export function createContentFlateBomb(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    { dict: '<< /Filter /FlateDecode >>', stream: createFlateBomb(GIBIBYTE) },
  ]);
}

/**
 * Item 24, second form: an image XObject of 32768 × 32768 grey pixels (1 GiB) behind
 * `/Filter [/FlateDecode /FlateDecode /FlateDecode]`: a few kilobytes that any decoder of the image must inflate
 * three times over.
 */
export function createImageFlateBomb(): Buffer {
  const inner = createFlateBomb(GIBIBYTE, 0x80);
  const stream = deflateSync(deflateSync(inner, { level: 9 }), { level: 9 });
  return onePageWithImage({
    dict: '<< /Type /XObject /Subtype /Image /Width 32768 /Height 32768 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter [/FlateDecode /FlateDecode /FlateDecode] >>',
    stream,
  });
}

/** Item 24 again: a palette image of 4096 × 4096 pixels (16 MiB of indices) whose one Flate stream inflates to 1 GiB. */
export function createIndexedImageFlateBomb(): Buffer {
  return onePageWithImage({
    dict: '<< /Type /XObject /Subtype /Image /Width 4096 /Height 4096 /ColorSpace [/Indexed /DeviceRGB 1 <FFFFFF000000>] /BitsPerComponent 8 /Filter /FlateDecode >>',
    stream: createFlateBomb(GIBIBYTE, 0x01),
  });
}

/** A letter page that draws `image` 500 points wide, and nothing else. */
function onePageWithImage(image: PdfObject): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from('q 500 0 0 500 56 146 cm /Im0 Do Q') },
    image,
  ]);
}

/**
 * Item 24, third form: the document's XMP metadata stream inflates to 1 GiB. Tools that edit metadata must not
 * read it whole.
 */
export function createMetadataFlateBomb(): Buffer {
  const xmp = Buffer.from(
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">',
  );
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Metadata 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    {
      dict: '<< /Type /Metadata /Subtype /XML /Filter /FlateDecode >>',
      stream: createFlateBomb(GIBIBYTE, 0x20, xmp),
    },
  ]);
}

/**
 * Item 24, fourth form: the page objects live in an object stream that inflates to 1 GiB (the objects, then
 * spaces), so any parser must inflate it to reach the page tree.
 */
export function createObjectStreamFlateBomb(inflatedBytes = GIBIBYTE): Buffer {
  const objects =
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >> << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> ';
  const header = '2 0 3 42 ';
  const data = Buffer.from(header + objects);
  const stream = createFlateBomb(inflatedBytes, 0x20, data);
  // Objects 2 and 3 are compressed (type 2 entries in a cross-reference stream).
  const catalog = '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n';
  const head = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const objStmOffset = Buffer.byteLength(head, 'latin1') + catalog.length;
  const objStm = Buffer.concat([
    Buffer.from(
      `4 0 obj\n<< /Type /ObjStm /N 2 /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`,
      'latin1',
    ),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const xrefOffset = objStmOffset + objStm.length;
  const row = (type: number, field2: number, field3: number) => {
    const entry = Buffer.alloc(7);
    entry.writeUInt8(type, 0);
    entry.writeUInt32BE(field2, 1);
    entry.writeUInt16BE(field3, 5);
    return entry;
  };
  const rows = Buffer.concat([
    row(0, 0, 65535),
    row(1, Buffer.byteLength(head, 'latin1'), 0),
    row(2, 4, 0),
    row(2, 4, 1),
    row(1, objStmOffset, 0),
    row(1, xrefOffset, 0),
  ]);
  const xref = Buffer.concat([
    Buffer.from(
      `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`,
      'latin1',
    ),
    rows,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`, 'latin1'),
  ]);
  return Buffer.concat([Buffer.from(head + catalog, 'latin1'), objStm, xref]);
}

/** Item 25: an array nested `depth` levels deep in the catalog (2 bytes a level). */
export function createDeepArrays(depth = 100_000): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return writePdf([
    `<< /Type /Catalog /Pages 2 0 R /Deep ${nested} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ]);
}

/** Item 25, second form: dictionaries and arrays alternating (`<< /A [<< /A [ …`) in the trailer. */
export function createDeepMixedNesting(depth = 50_000): Buffer {
  const open = '<< /A ['.repeat(depth);
  const close = '] >>'.repeat(depth);
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ],
    `/Root 1 0 R /Deep ${open}${close}`,
  );
}

/** Item 26: a page tree whose /Kids lead back to their own ancestor. */
export function createPageTreeCycle(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
  ]);
}

/** Item 26: an incremental update whose /Prev points at itself, so the xref chain loops. */
export function createXrefPrevLoop(): Buffer {
  const base = createTextPdf('prev loop');
  const update = `3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R >>\nendobj\n`;
  const objectOffset = base.length;
  const xrefOffset = objectOffset + update.length;
  const tail =
    `${update}xref\n3 1\n${String(objectOffset).padStart(10, '0')} 00000 n \n` +
    `trailer\n<< /Size 6 /Root 1 0 R /Prev ${xrefOffset} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.concat([base, Buffer.from(tail, 'latin1')]);
}

/**
 * Item 26: form XObjects that draw each other in a loop: `self` draws itself, `pair` two forms each other, and
 * `appearance` an annotation's appearance stream itself. Viewers stop at the loop; a naive walk never returns.
 */
export function createFormCycle(shape: 'self' | 'pair' | 'appearance' = 'self'): Buffer {
  const head = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'];
  const form = (resources: string, content: string): PdfObject => ({
    dict: `<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << ${resources} >> >> >>`,
    stream: Buffer.from(content),
  });
  const drawing = { dict: '<< >>', stream: Buffer.from('/X Do') };
  if (shape === 'appearance') {
    return writePdf([
      ...head,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
      '<< /Type /Annot /Subtype /Square /Rect [72 72 300 300] /AP << /N 5 0 R >> >>',
      form('/X 5 0 R', '/X Do'),
    ]);
  }
  const page =
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /X 5 0 R >> >> >>';
  return shape === 'self'
    ? writePdf([...head, page, drawing, form('/X 5 0 R', '0.5 0 0 0.5 0 0 cm /X Do')])
    : writePdf([...head, page, drawing, form('/Y 6 0 R', '/Y Do'), form('/X 5 0 R', '/X Do')]);
}

/**
 * Item 25 for bookmarks: a two-page PDF whose outline is one chain of `depth` bookmarks, each the only child of the
 * one before (`L1` … `L<depth>`, alternating between the pages). `shape` `cycle` makes the deepest bookmark's
 * child the first one again; `shared` gives every bookmark its child also as its next sibling, so a walk that
 * does not remember what it visited meets 2^depth bookmarks.
 */
export function createDeepOutlinePdf(depth = 3000, shape: 'chain' | 'cycle' | 'shared' = 'chain'): Buffer {
  const first = 7;
  const items: string[] = [];
  for (let level = 1; level <= depth; level += 1) {
    const number = first + level - 1;
    const parent = level === 1 ? 6 : number - 1;
    const isLast = level === depth;
    const child = isLast ? (shape === 'cycle' ? first : null) : number + 1;
    const links = child === null ? '' : ` /First ${child} 0 R /Last ${child} 0 R /Count 1`;
    const next = shape === 'shared' && child !== null ? ` /Next ${child} 0 R` : '';
    const page = level % 2 === 1 ? 3 : 4;
    items.push(`<< /Title (L${level}) /Parent ${parent} 0 R /Dest [${page} 0 R /Fit]${links}${next} >>`);
  }
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << >> >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << >> >>',
    { dict: '<< >>', stream: Buffer.from('0 0 1 rg 72 72 100 100 re f') },
    `<< /Type /Outlines /First ${first} 0 R /Last ${first} 0 R /Count 1 >>`,
    ...items,
  ]);
}

/**
 * Item 25 for named destinations: a two-page PDF whose first page links to the destination `target` on the second,
 * found through a /Dests name tree `depth` levels deep (one kid a level, the name in the deepest). `cycle` also
 * lists the root among the deepest node's kids.
 */
export function createDeepNameTreePdf(depth = 1000, shape: 'chain' | 'cycle' = 'chain'): Buffer {
  const first = 7;
  const nodes: string[] = [];
  for (let level = 1; level <= depth; level += 1) {
    const number = first + level - 1;
    nodes.push(
      level < depth
        ? `<< /Kids [${number + 1} 0 R] /Limits [(a) (z)] >>`
        : `<< /Names [(target) [4 0 R /Fit]] /Limits [(a) (z)]${shape === 'cycle' ? ` /Kids [${first} 0 R]` : ''} >>`,
    );
  }
  return writePdf([
    `<< /Type /Catalog /Pages 2 0 R /Names << /Dests ${first} 0 R >> >>`,
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Annots [6 0 R] >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>',
    { dict: '<< >>', stream: Buffer.from('0 0 1 rg 72 72 100 100 re f') },
    '<< /Type /Annot /Subtype /Link /Rect [72 72 172 172] /Border [0 0 0] /A << /S /GoTo /D (target) >> >>',
    ...nodes,
  ]);
}

/** Item 27: one page of `sizePt` points square (14400 pt = 200 in), with optional /UserUnit. */
export function createHugePage(sizePt = 14_400, userUnit?: number): Buffer {
  const unit = userUnit === undefined ? '' : ` /UserUnit ${userUnit}`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${sizePt} ${sizePt}]${unit} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    { dict: '<< >>', stream: Buffer.from('BT /F1 400 Tf 100 100 Td (huge page) Tj ET') },
    HELVETICA,
  ]);
}

/**
 * Item 28: a normal page drawing an image that declares 65535 × 65535 RGB pixels (12 GiB decoded) but stores a
 * few bytes of JPEG (DCT) data.
 */
export function createHugeDeclaredImage(): Buffer {
  // A baseline JPEG header claiming 65535 × 65535, then nothing: decoders must allocate before reading scans.
  const sof = Buffer.from([
    0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0xff, 0xff, 0xff, 0xff, 0x03, 0x01, 0x11, 0x00, 0x02, 0x11,
    0x00, 0x03, 0x11, 0x00, 0xff, 0xd9,
  ]);
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from('q 500 0 0 500 56 146 cm /Im0 Do Q') },
    {
      dict: '<< /Type /XObject /Subtype /Image /Width 65535 /Height 65535 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>',
      stream: sof,
    },
  ]);
}

/** Item 28: a bilevel (CCITT) image declaring 24688 × 14400 pixels, four bytes of data. */
export function createHugeCcittImage(): Buffer {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from('q 500 0 0 500 56 146 cm /Im0 Do Q') },
    {
      dict:
        '<< /Type /XObject /Subtype /Image /Width 24688 /Height 14400 /ImageMask true /BitsPerComponent 1 ' +
        '/Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns 24688 /Rows 14400 >> >>',
      stream: Buffer.from([0, 0, 0, 0]),
    },
  ]);
}

/**
 * Item 29: `pageCount` pages sharing one content stream, written directly with everything inheritable on the
 * page tree, so each page is one short object: 100,000 pages in about 8 MB.
 */
export function createPageCountBomb(pageCount = 100_000): Buffer {
  const kids = Array.from({ length: pageCount }, (_, index) => `${index + 5} 0 R`).join(' ');
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pageCount} /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>`,
    { dict: '<< >>', stream: Buffer.from('BT /F1 24 Tf 72 720 Td (page) Tj ET') },
    HELVETICA,
  ];
  for (let page = 0; page < pageCount; page += 1) objects.push('<</Type/Page/Parent 2 0 R/Contents 3 0 R>>');
  return writePdf(objects);
}

/** Item 31: `source` encrypted by qpdf (AES-256) with a user password, or with an owner password only. */
export function encryptPdf(source: Buffer, userPassword: string, ownerPassword = 'owner-secret'): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'quire-hostile-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), source);
    execFileSync('qpdf', [
      '--encrypt',
      userPassword,
      ownerPassword,
      '256',
      '--',
      join(dir, 'in.pdf'),
      join(dir, 'out.pdf'),
    ]);
    return readFileSync(join(dir, 'out.pdf'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Item 31: a trailer that says the file is encrypted, pointing at an /Encrypt dictionary that makes no sense. */
export function createBrokenEncrypt(): Buffer {
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      '<< /Filter /NoSuchHandler /V 99 /R 42 /O (x) /U (y) /P -1 >>',
    ],
    '/Root 1 0 R /Encrypt 4 0 R /ID [<00> <00>]',
  );
}

/** Item 31: a valid PDF cut in half. */
export function truncate(source: Buffer, keepBytes = Math.floor(source.length / 2)): Buffer {
  return source.subarray(0, keepBytes);
}

/** Item 31: a valid PDF with its cross-reference table and trailer cut away (readers must rebuild them). */
export function withoutXref(source: Buffer): Buffer {
  const at = source.lastIndexOf('xref\n');
  return Buffer.concat([source.subarray(0, at), Buffer.from('%%EOF\n')]);
}
