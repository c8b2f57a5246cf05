import { readFile, readdir } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { TOOLS, type ErrorCode } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrokenEncrypt,
  createContentFlateBomb,
  createDeepArrays,
  createDeepMixedNesting,
  createFormCycle,
  createHugeCcittImage,
  createHugeDeclaredImage,
  createHugePage,
  createImageFlateBomb,
  createMetadataFlateBomb,
  createObjectStreamFlateBomb,
  createPageCountBomb,
  createPageTreeCycle,
  createTextPdf,
  createXrefPrevLoop,
  encryptPdf,
  truncate,
  withoutXref,
} from '@quire/test-kit/hostile-pdfs';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import {
  PDF_TOOLS,
  type PdfTool,
  expectOutput,
  expectRefusal,
  expectStillServing,
  postTool,
  type Reply,
} from './harness.ts';

/**
 * Hardening catalogue, group C: PDF parsing and rendering (docs/hardening.md, items 24–33). Every hostile PDF goes
 * through every tool that reads PDFs, save those a row leaves out and says why (`skipped`: the tools left out meet
 * the file in a shared code path another tool of the row proves); each row of the table below says what each tool
 * must answer. A 422 names
 * the file and says what is wrong; a 200 is a well-formed answer of the tool's type. After each row the job
 * directories are gone and the server still merges.
 */

/** 200, or the status and code of the refusal. */
type Outcome = 200 | [number, ErrorCode];
type Row = {
  item: string;
  what: string;
  build: () => Buffer | Promise<Buffer>;
  /** What each tool answers; tools left out are not sent this input (see `skipped`). */
  expect: Partial<Record<PdfTool, Outcome>>;
  fields?: Record<string, string>;
  /** Why a tool is left out of this row. */
  skipped?: string;
};

const DAMAGED: Outcome = [422, 'FILE_DAMAGED'];
const everyTool = (outcome: Outcome) =>
  Object.fromEntries(PDF_TOOLS.map((tool) => [tool, outcome])) as Record<PdfTool, Outcome>;
/**
 * A readable file: each tool's answer. None of the files of these rows holds a table, so PDF to Excel, which reads
 * each through as PDF to Word does, refuses it as it refuses any PDF without one (naming the file).
 */
const ALL_OK: Record<PdfTool, Outcome> = { ...everyTool(200), 'pdf-to-excel': [422, 'NO_TABLES_FOUND'] };
/**
 * Of a one-page file, Remove pages can remove nothing (it must keep a page): it reads the file, then refuses the
 * probe's list (page 2) as beyond the last page. Its page assembly is split's and merge's, which these rows run.
 */
const ONE_PAGE_OK: Record<PdfTool, Outcome> = { ...ALL_OK, 'remove-pages': [400, 'INVALID_PAGE_RANGE'] };
const ALL_DAMAGED = everyTool(DAMAGED);
/**
 * The damaged files every tool refuses at its first inspection, `inspectPdf` (qpdf's opening, then MuPDF's walk of
 * the page tree), before any engine of its own reads them: each such row is sent to merge (several files inspected
 * at once) and organize (which asks MuPDF's `quickInspect` first; it leaves all of these to `inspectPdf`). That every
 * tool inspects its file that way first is held by page-tree-caps.test, and by the rows below that still send their
 * file to every tool: the deepest catalog (25), the page tree pointing at an ancestor (26), the file cut in half (31).
 */
const INSPECTION_REFUSES: Partial<Record<PdfTool, Outcome>> = { merge: DAMAGED, organize: DAMAGED };
const INSPECTED_ONCE =
  'every other tool but Repair PDF refuses it at the same first inspection (inspectPdf), which merge and organize prove here';
/**
 * Repair PDF goes on where that inspection refuses a file: MuPDF rebuilds what it can still read, then Ghostscript
 * redraws what it can, and a rebuild counts once the same inspection accepts it. Each such row says what it answers.
 */
const REPAIRS: Partial<Record<PdfTool, Outcome>> = { ...INSPECTION_REFUSES, repair: 200 };
const REPAIR_REFUSES: Partial<Record<PdfTool, Outcome>> = { ...INSPECTION_REFUSES, repair: DAMAGED };
/** `outcomes` without the tools named. */
const without = (outcomes: Partial<Record<PdfTool, Outcome>>, ...tools: PdfTool[]) =>
  Object.fromEntries(Object.entries(outcomes).filter(([tool]) => !tools.includes(tool as PdfTool)));
/**
 * Why a row of huge images runs PDF to Word but not PDF to PowerPoint, PDF to Excel, PDF to text or OCR PDF: a page
 * that is one image is a scan to all five, and each draws and reads it through the same `readScans` (PDF to Word asks
 * the most of it: the page's layout, rules and pictures, as PDF to PowerPoint and PDF to Excel do), 6–10 CPU-s a
 * tool on these rows. What the others do besides (pdftotext, the survey of the pages, the text layer, PDF to
 * PowerPoint's drawing of the page without its text and pictures, which draws no image of more than 50 Mpx, PDF to
 * Excel's reading of the page as PDF to Word reads it) decodes no such image; the other rows run them.
 */
const SCANS_READ_ONCE =
  'PDF to PowerPoint, PDF to Excel, PDF to text and OCR PDF read the page through the readScans PDF to Word runs here';
/**
 * Why a row of huge images runs PDF to JPG but not PDF to PNG: both draw the pages through `pdfToImages`, with the
 * same pdftoppm reading the file at the same resolution (PNG's own raster, on white, is pdftoppm's too); only the
 * encoder of the drawn raster differs, and pdf-to-png.test holds it.
 */
const PNG_DRAWN_AS_JPG =
  'PDF to PNG draws the pages through the pdfToImages and pdftoppm PDF to JPG runs here';
const corpus = (name: string) => () => readFile(corpusPath(name));
const TEXT = createTextPdf('hardening C', 3);

/**
 * Item 27's poster, a 200-inch page asked for at 300 DPI. Its row's PDF to JPG answer is kept for the test of how
 * that page is drawn (`posterAsJpg`, below the table), which asked for the same drawing of the same page again.
 */
const POSTER_ROW: Row = {
  item: '27',
  what: 'a 200-inch page rendered at 300 DPI (60,000² px asked)',
  build: () => createHugePage(14_400),
  fields: { quality: 'high' },
  expect: ONE_PAGE_OK,
};
let posterAsJpg: Reply | undefined;

const ROWS: Row[] = [
  {
    item: '24',
    what: 'a content stream inflating to 1 GiB (1 MB stored)',
    build: createContentFlateBomb,
    // Page assembly keeps streams compressed: nothing is inflated.
    expect: { merge: 200, split: 200, rotate: 200 },
    skipped:
      'compress, PDF to Word and PDF to JPG stream content through MuPDF and poppler in bounded memory, but ' +
      'interpreting 1 GiB of content costs 20–40 s of CPU each (bounded by the job timeout): left to the bench',
  },
  {
    item: '24',
    what: 'a 32768² image behind /Filter [/FlateDecode /FlateDecode /FlateDecode] (880 bytes, 1 GiB inflated)',
    build: createImageFlateBomb,
    // Compression leaves images over 50 Mpx alone.
    expect: { compress: 200 },
    skipped:
      'qpdf re-encodes stacked filters when it writes (page assembly) and poppler draws the image row by row: ' +
      'both bounded in memory, 10–25 s of CPU each. PDF to Word leaves the image out of its figures before ' +
      'decoding it, but draws the page, a scan to it, through the same pdftoppm (7–10 CPU-s): pdf-to-word.test ' +
      'converts this very file in full (no picture in the document, bounded memory)',
  },
  {
    item: '24',
    what: 'XMP metadata inflating to 1 GiB',
    build: createMetadataFlateBomb,
    // qpdf writes the catalog's metadata uncompressed (rotate, and unlock's --decrypt) and pdfinfo reads it whole
    // (PDF to JPG and PNG read their pages' sizes with it): both refuse metadata over 64 MiB inflated before handing
    // it to the engine (`hasOversizeMetadata`), which would die at its 1 GiB cap. Protect's encryption writes the
    // stream encrypted as it was, never inflated.
    expect: {
      ...ONE_PAGE_OK,
      rotate: DAMAGED,
      'pdf-to-jpg': DAMAGED,
      'pdf-to-png': DAMAGED,
      unlock: DAMAGED,
      repair: DAMAGED,
    },
  },
  {
    item: '24',
    what: 'page objects inside an object stream inflating to 1 GiB',
    build: createObjectStreamFlateBomb,
    // qpdf dies at its 1 GiB cap while counting pages, before any tool's own work; Repair PDF goes on to MuPDF,
    // which reads the page's object without inflating the rest of its stream, and writes it anew.
    expect: { merge: DAMAGED, repair: 200 },
    skipped:
      'every other tool stops at the same first inspection, the page count, which merge proves here (4–15 s of ' +
      'inflating each); page-tree-caps.test holds that every tool counts its pages through it',
  },
  {
    item: '25',
    what: 'arrays nested 100,000 deep in the catalog',
    build: () => createDeepArrays(),
    expect: ALL_DAMAGED,
  },
  {
    item: '25',
    what: 'dictionaries and arrays alternating 50,000 deep in the trailer',
    build: () => createDeepMixedNesting(),
    // MuPDF finds the catalog and its page past the trailer it cannot read.
    expect: REPAIRS,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '25',
    what: 'the corpus file nesting arrays 20,000 deep',
    build: corpus('bad/qpdf_issue146_nested-arrays-20k-deep.pdf'),
    expect: REPAIR_REFUSES,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '25',
    what: 'the corpus file nesting dictionaries 137,000 deep',
    build: corpus('bad/qpdf_issue202_nested-dicts-137k-deep.pdf'),
    // MuPDF rebuilds its 10 pages (repair.test checks their text).
    expect: REPAIRS,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '26',
    what: 'a page tree whose /Kids point at an ancestor',
    build: createPageTreeCycle,
    expect: ALL_DAMAGED,
  },
  {
    item: '26',
    what: 'the corpus page tree that loops',
    build: corpus('bad/qpdf_pages-loop_cyclic-page-tree.pdf'),
    // Counting the pages walks the tree and stops at the loop, before any tool reads it: qpdf would refuse it,
    // MuPDF and poppler read past it, so no engine gets the chance to disagree. Repair PDF's Ghostscript draws its
    // one page into a new file, whose tree every engine reads alike.
    expect: REPAIRS,
    skipped: INSPECTED_ONCE,
  },
  { item: '26', what: 'an xref /Prev pointing at itself', build: createXrefPrevLoop, expect: ONE_PAGE_OK },
  {
    item: '26',
    what: 'the corpus /Prev loop of 30 pages',
    build: corpus('bad/qpdf_append-xref-loop_prev-cycle_30p.pdf'),
    expect: without(ALL_OK, 'pdf-to-png'),
    skipped:
      'PDF to PNG draws the 30 pages as PDF to JPG does (pdfToImages, the same pdftoppm reading the file; only the ' +
      'encoder differs), 5 CPU-s of PNG encoding for nothing more',
  },
  { item: '26', what: 'a form that draws itself', build: () => createFormCycle('self'), expect: ONE_PAGE_OK },
  {
    item: '26',
    what: 'two forms drawing each other',
    build: () => createFormCycle('pair'),
    expect: ONE_PAGE_OK,
  },
  {
    item: '26',
    what: 'an appearance stream drawing itself',
    build: () => createFormCycle('appearance'),
    expect: ONE_PAGE_OK,
  },
  POSTER_ROW,
  {
    item: '27',
    what: 'a page with /UserUnit 75000',
    build: () => createHugePage(200, 75_000),
    // Ghostscript applies /UserUnit (poppler ignores it): a page 15,000,000 points wide, which it will not write.
    expect: { ...ONE_PAGE_OK, 'pdf-to-pdfa': [422, 'CONVERSION_FAILED'] },
  },
  {
    item: '27',
    what: 'the corpus MediaBox of 2³¹ with a bogus page count',
    build: corpus('bad/pdfjs_poppler85140_huge-mediabox-bogus-count.pdf'),
    expect: REPAIR_REFUSES,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '28',
    what: 'a DCT image declaring 65535² pixels (12 GiB) in 23 bytes',
    build: createHugeDeclaredImage,
    expect: { merge: 200, split: 200, rotate: 200, compress: 200, 'pdf-to-word': 200 },
    skipped:
      'poppler draws the declared raster row by row: bounded memory, about 25 s of CPU (job timeout 120 s)',
  },
  {
    item: '28',
    what: 'a CCITT image declaring 24688 × 14400 pixels',
    build: createHugeCcittImage,
    expect: without(ONE_PAGE_OK, 'pdf-to-powerpoint', 'pdf-to-excel', 'pdf-to-text', 'ocr', 'pdf-to-png'),
    skipped: `${SCANS_READ_ONCE}; ${PNG_DRAWN_AS_JPG}`,
  },
  {
    item: '28, 30',
    what: 'the corpus JBIG2 bomb (100000² images)',
    build: corpus('bad/pdfjs_bomb-giant_jbig2-100000x100000.pdf'),
    // poppler runs out of memory under its cap and draws the page without the image; Ghostscript, which must
    // rewrite the image into the PDF/A file, reaches the job's memory cap and is stopped, as Compare PDFs is, whose
    // MuPDF draws the page (the same words in both files) to compare its pixels (item 28: 422, survives).
    expect: {
      ...without(ONE_PAGE_OK, 'pdf-to-png', 'pdf-to-excel'),
      'pdf-to-pdfa': [422, 'RESOURCE_LIMIT_EXCEEDED'],
      compare: [422, 'RESOURCE_LIMIT_EXCEEDED'],
    },
    skipped: `${PNG_DRAWN_AS_JPG}; ${SCANS_READ_ONCE}`,
  },
  {
    item: '28, 30',
    what: 'the corpus 7300 × 7600 JPEGs of 4 bytes each',
    build: corpus('bad/pdfjs_issue18042_huge-images-4-byte-data.pdf'),
    expect: without(ALL_OK, 'pdf-to-powerpoint', 'pdf-to-excel', 'pdf-to-text', 'ocr', 'pdf-to-png'),
    skipped: `${SCANS_READ_ONCE}; ${PNG_DRAWN_AS_JPG}`,
  },
  {
    item: '30',
    what: 'the corpus file compressed with the unsupported BrotliDecode',
    build: corpus('bad/pdfjs_brotli-filter_unsupported.pdf'),
    expect: REPAIR_REFUSES,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '31',
    what: 'a user password',
    build: () => encryptPdf(TEXT, 'secret'),
    expect: everyTool([422, 'PASSWORD_REQUIRED']),
  },
  {
    item: '31',
    what: 'a user password, with the right password',
    build: () => encryptPdf(TEXT, 'secret'),
    fields: { password: 'secret' },
    expect: ALL_OK,
  },
  {
    item: '31',
    what: 'a user password, with a wrong password',
    build: () => encryptPdf(TEXT, 'secret'),
    fields: { password: 'guess' },
    expect: everyTool([422, 'PASSWORD_INCORRECT']),
  },
  { item: '31', what: 'an owner password only', build: () => encryptPdf(TEXT, ''), expect: ALL_OK },
  {
    item: '31',
    what: 'a broken /Encrypt dictionary',
    build: createBrokenEncrypt,
    expect: REPAIR_REFUSES,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '31',
    what: 'a file cut in half',
    build: () => truncate(TEXT),
    // Repair PDF's MuPDF rebuilds what is left of it: the pages whose objects came before the cut.
    expect: { ...ALL_DAMAGED, repair: 200 },
  },
  {
    item: '31',
    what: '100 KB of trailing garbage',
    build: () => Buffer.concat([TEXT, Buffer.alloc(100_000, 0x41)]),
    expect: ALL_OK,
  },
  { item: '31', what: 'no cross-reference table (repaired)', build: () => withoutXref(TEXT), expect: ALL_OK },
  {
    item: '32',
    what: '%PDF- followed by 8 MB of junk',
    build: () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(8 * 1024 * 1024, 0x5a)]),
    expect: REPAIR_REFUSES,
    skipped: INSPECTED_ONCE,
  },
  {
    item: '32',
    what: 'a zip with a PDF inside its first kilobyte',
    build: async () =>
      Buffer.concat([await readFile(corpusPath('bad/mammoth_plain-zip-renamed.docx')), TEXT]),
    expect: everyTool([415, 'INVALID_FILE_TYPE']),
  },
  {
    item: '32',
    what: 'a PDF header after 1,100 bytes of padding',
    build: () => Buffer.concat([Buffer.alloc(1_100, 0x20), TEXT]),
    expect: everyTool([415, 'INVALID_FILE_TYPE']),
  },
  {
    item: '32',
    what: 'a PDF with a zip appended (read as the PDF it starts with)',
    build: async () =>
      Buffer.concat([TEXT, await readFile(corpusPath('bad/mammoth_plain-zip-renamed.docx'))]),
    expect: ALL_OK,
  },
  {
    item: '32',
    what: 'a JPEG named .pdf',
    build: corpus('images/pdfbox_grayscale.jpg'),
    expect: everyTool([415, 'INVALID_FILE_TYPE']),
  },
  {
    item: '32',
    what: 'zero bytes',
    build: () => Buffer.alloc(0),
    expect: everyTool([422, 'EMPTY_FILE']),
  },
];

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** Checks one answer against its expected outcome; a refusal must name the uploaded file. */
function expectOutcome(reply: Reply, tool: PdfTool, outcome: Outcome, fileName: string) {
  if (outcome === 200) {
    expectOutput(reply, tool);
    // The bytes are of the type answered: a PDF, a zip, the picture of a one-page PDF to JPG or PDF to PNG, or
    // PDF to text's UTF-8 text (which has no signature: it must decode).
    const contentType = String(reply.headers['content-type']);
    if (contentType.startsWith('text/plain')) {
      expect(() => new TextDecoder('utf-8', { fatal: true }).decode(reply.rawPayload)).not.toThrow();
      return;
    }
    const magic = contentType.endsWith('pdf')
      ? '%PDF'
      : contentType === 'image/jpeg'
        ? '\xff\xd8\xff'
        : contentType === 'image/png'
          ? '\x89PNG'
          : 'PK\x03\x04';
    expect(reply.rawPayload.subarray(0, magic.length).toString('latin1')).toBe(magic);
    return;
  }
  const [status, code] = outcome;
  const error = expectRefusal(reply, status, code);
  // A page list that does not fit the file names the list's item, not the file; a job stopped at its memory or CPU
  // cap is the job's, whichever file it was reading.
  if (code === 'INVALID_PAGE_RANGE' || code === 'RESOURCE_LIMIT_EXCEEDED') return;
  expect(error.details).toMatchObject({ fileIndex: 0, fileName });
  expect(error.message).toContain(`"${fileName}"`);
}

describe('C. PDF parsing and rendering (items 24–32), every PDF tool', () => {
  it.each(ROWS.map((row) => [row.item, row.what, row] as const))(
    '%s. %s',
    async (_item, _what, row) => {
      const bytes = await row.build();
      const tools = PDF_TOOLS.filter((tool) => row.expect[tool] !== undefined);
      expect(tools.length + (row.skipped ? 1 : 0)).toBeGreaterThan(0);
      for (const tool of tools) {
        const fields =
          TOOLS[tool].fileField === 'indexed' && row.fields?.password
            ? { 'password-0': row.fields.password }
            : (row.fields ?? {});
        const usable = Object.fromEntries(
          Object.entries(fields).filter(
            ([name]) => name.startsWith('password') || name in TOOLS[tool].options,
          ),
        );
        const reply = await postTool(testApp, tool, [{ name: 'hostile.pdf', bytes }], usable);
        if (row === POSTER_ROW && tool === 'pdf-to-jpg') posterAsJpg = reply;
        try {
          expectOutcome(reply, tool, row.expect[tool] as Outcome, 'hostile.pdf');
        } catch (error) {
          throw new Error(`${tool}: ${(error as Error).message}`, { cause: error });
        }
      }
      await expectStillServing(testApp);
    },
    180_000,
  );

  it('27. a page too large for 300 DPI is drawn at the largest resolution that fits, and the answer says so', async () => {
    // The poster row's answer when the table has run (the same page, tool and quality), else a request of its own.
    const reply =
      posterAsJpg ??
      (await postTool(testApp, 'pdf-to-jpg', [{ name: 'poster.pdf', bytes: await POSTER_ROW.build() }], {
        quality: 'high',
      }));
    expectOutput(reply, 'pdf-to-jpg');
    expect(reply.headers['x-pages-downscaled']).toBe('1');
    expect(Number(reply.headers['x-render-dpi-min'])).toBeLessThan(300);
    // One page: the JPEG itself, not a zip holding it.
    expect([...reply.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('29. 100,000 pages sharing one content stream are counted first and refused at each page cap', async () => {
    // Counting stops at the first page over the cap, so the answer names the cap, not the full count (see
    // c-pdf-page-tree.test.ts for trees whose /Count lies). One tool for each cap: the count is the same first
    // inspection in every tool, given the tool's cap, and page-tree-caps.test refuses cap + 1 pages in every tool.
    const bomb = createPageCountBomb(100_000);
    const oneToolPerCap = [...new Map(PDF_TOOLS.map((tool) => [TOOLS[tool].maxPages, tool])).values()];
    expect(oneToolPerCap.length).toBeGreaterThan(1);
    for (const tool of oneToolPerCap) {
      const reply = await postTool(testApp, tool, [{ name: 'pages.pdf', bytes: bomb }]);
      const error = expectRefusal(
        reply,
        422,
        'DOCUMENT_TOO_COMPLEX',
        new RegExp(`more than ${TOOLS[tool].maxPages} pages`),
      );
      expect(error.details).toEqual({ fileIndex: 0, fileName: 'pages.pdf', maxPages: TOOLS[tool].maxPages });
    }
    // Nothing was rendered or zipped: the job directories are gone and no page image was left anywhere.
    await expectStillServing(testApp);
    expect(await readdir(testApp.jobRoot)).toEqual([]);
  }, 180_000);
});
