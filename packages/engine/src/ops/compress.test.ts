import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  badPdfEntries,
  corpusEntries,
  corpusPath,
  featureValue,
  hasFeature,
  mustRepair,
  mustReject,
  type CorpusEntry,
} from '@quire/corpus';
import { AppError } from '@quire/shared';
import * as mupdf from 'mupdf';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkWithQpdf,
  createJobContext,
  inputFile,
  isEncrypted,
  qpdfCheck,
  qpdfPageCount,
} from '../../test/job-context.ts';
import {
  createFormCycle,
  createImageFlateBomb,
  createIndexedImageFlateBomb,
  createMetadataFlateBomb,
  createPageTreeCycle,
  createTextPdf,
  withoutXref,
} from '@quire/test-kit/hostile-pdfs';
import { createTaggedReportPdf } from '@quire/test-kit/costly-pdfs';
import { createLinkedBookPdf } from '../../test/linked-pdfs.ts';
import { cutPagesWithEveryImage, imageStreams } from '../../test/cut-pages.ts';
import { compress } from './compress.ts';
import type { JobResult } from './types.ts';

type Context = Awaited<ReturnType<typeof createJobContext>>;
type Quality = 'high' | 'medium' | 'low';
let ctx: Context;
beforeEach(async () => {
  ctx = await createJobContext();
});
afterEach(async () => {
  await ctx.dispose();
});

const USER_PASSWORD_FILE = 'pdf/pysamples_encrypted_user-openpassword.pdf';
const OWNER_ONLY_FILE = 'pdf/qpdf_encrypted-rc4-owner-only_restricted_30p.pdf';
const OUTLINE_FILE = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const ROTATED_FILE = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const IMAGE_FILES = ['pdf/pysamples_base64image_large-image.pdf', 'pdf/pdfjs_images-cairo_10-images.pdf'];
/** Its 3.4 MB are an attached PDF (kept: attachments are part of the document); the page image is 25 KB. */
const ATTACHMENT_FILE = 'pdf/pdflib_giraffe_large-jpeg-600pt.pdf';
/** Pages whose text is compared before and after: enough to catch broken fonts, bounded for 352-page books. */
const TEXT_PAGES = 3;

const validPdfs = corpusEntries().filter((entry) => entry.group === 'pdf');

const GEOTOPO_FILE = 'pdf/pysamples_geotopo-lecture-notes_117p.pdf';
/**
 * GeoTopo's pages that draw its JPEG images (24, 25, 31, 76), cut out by qpdf: the levels differ only in what they
 * do to images (`IMAGE_POLICIES`; fonts, duplicates and private data are treated alike at every level), so pages
 * carrying every image of the book order the levels as the whole book does, for a tenth of the compressing (the
 * book at high and low took 5 CPU-s).
 */
async function geotopoImagePages(): Promise<string> {
  shared ??= await createJobContext();
  return cutPagesWithEveryImage(corpusPath(GEOTOPO_FILE), '24,25,31,76', shared.workDir);
}

// Each file (a corpus name, or a path made by a test) compressed once per level and password, each in a directory of
// its own (the op writes one name): the tests used to compress a file again each (GeoTopo's 117 pages twice at
// medium, the forms thrice). Failures kept.
let shared: Context | undefined;
const compressions = new Map<string, Promise<{ result: JobResult<'compress'>; workDir: string }>>();
afterAll(() => shared?.dispose());
function compressOnce(name: string, quality: Quality = 'medium', password?: string) {
  const key = `${name}\0${quality}\0${password ?? ''}`;
  const compression =
    compressions.get(key) ??
    (async () => {
      shared ??= await createJobContext();
      const job = { ...shared, workDir: await mkdtemp(join(shared.workDir, 'job-')) };
      const path = name.startsWith('/') ? name : corpusPath(name);
      const input = { file: inputFile(path, password), options: { quality } };
      return { result: await compress(input, job), workDir: job.workDir };
    })();
  compressions.set(key, compression);
  return compression;
}

const compressName = async (name: string, quality: Quality = 'medium', password?: string) =>
  (await compressOnce(name, quality, password)).result;

async function openPdf(path: string, password?: string): Promise<mupdf.PDFDocument> {
  const pdf = new mupdf.PDFDocument(await readFile(path));
  if (pdf.needsPassword()) pdf.authenticatePassword(password ?? '');
  return pdf;
}

/** What must survive compression, read page by page with MuPDF. */
async function readDocument(path: string, password?: string) {
  const pdf = await openPdf(path, password);
  const pages = Array.from({ length: pdf.countPages() }, (_, index) => pdf.loadPage(index));
  const snapshot = {
    text: pages
      .slice(0, TEXT_PAGES)
      .map((page) => page.toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ').trim()),
    widgets: pages.flatMap((page) =>
      page.getWidgets().map((widget) => `${widget.getFieldType()}:${widget.getName()}=${widget.getValue()}`),
    ),
    links: pages.map((page) => page.getLinks().map((link) => link.getURI())),
    rotations: pages.map((page) => page.getObject().getInheritable('Rotate').asNumber()),
    outline: pdf.loadOutline(),
  };
  pdf.destroy();
  return snapshot;
}

async function expectSameDocument(entry: CorpusEntry, outputPath: string) {
  const password = featureValue(entry, 'user-password');
  const check = checkWithQpdf(outputPath, password);
  expect({ ok: check.ok, pages: check.pageCount }, check.output).toEqual({ ok: true, pages: entry.pages });
  const before = await readDocument(corpusPath(entry.name), password);
  const after = await readDocument(outputPath, password);
  expect(after.text).toEqual(before.text);
  expect(after.widgets).toEqual(before.widgets);
  expect(after.links).toEqual(before.links);
  expect(after.rotations).toEqual(before.rotations);
  expect(after.outline).toEqual(before.outline);
}

describe('compress over the corpus (medium)', () => {
  it.each(validPdfs.map((entry) => [entry.name, entry] as const))(
    '%s: same document, never larger',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const { result, workDir } = await compressOnce(entry.name, 'medium', password);
      const outputBytes = (await stat(result.path)).size;
      expect(result.path.startsWith(workDir)).toBe(true);
      expect(outputBytes).toBeLessThanOrEqual(entry.bytes);
      expect(result.report.values).toEqual({ originalBytes: entry.bytes, outputBytes });
      await expectSameDocument(entry, result.path);
    },
  );
});

describe('compress quality levels', () => {
  it.each(IMAGE_FILES)('%s shrinks at every level, most at low', async (name) => {
    const entry = validPdfs.find((candidate) => candidate.name === name) as CorpusEntry;
    const sizes: Record<Quality, number> = { high: 0, medium: 0, low: 0 };
    for (const quality of ['high', 'medium', 'low'] as const) {
      const result = await compressName(name, quality);
      sizes[quality] = result.report.values.outputBytes;
      const check = checkWithQpdf(result.path);
      expect(check.ok, check.output).toBe(true);
      expect(check.pageCount).toBe(entry.pages);
    }
    expect(sizes.medium).toBeLessThan(entry.bytes * 0.25);
    expect(sizes.low).toBeLessThan(entry.bytes * 0.25);
    expect(sizes.low).toBeLessThan(sizes.medium);
    expect(sizes.medium).toBeLessThan(sizes.high);
  });

  // Both came out the same at high and medium before the levels differed in how hard they re-encode JPEG and
  // JPEG 2000 images that have no more pixels than their pages need.
  it.each([
    'pdf/pypdf_vicksburg_scanned-ocr-6p-linearized.pdf',
    GEOTOPO_FILE,
    'pdf/pypdf_autocad-diagram_vector-a3.pdf',
  ])('%s comes out smaller at each level', async (name) => {
    const source = name === GEOTOPO_FILE ? await geotopoImagePages() : name;
    const sizes = [];
    for (const quality of ['high', 'medium', 'low'] as const) {
      sizes.push((await compressName(source, quality)).report.values.outputBytes);
    }
    const [high = 0, medium = 0, low = 0] = sizes;
    expect(medium).toBeLessThan(high);
    expect(low).toBeLessThan(medium);
  });

  it('resamples a palette image on its palette, keeping its lines (a CAD drawing at 300 ppi)', async () => {
    const name = 'pdf/pypdf_autocad-diagram_vector-a3.pdf';
    const paletteImages = async (path: string) => {
      const pdf = await openPdf(path);
      const widths: number[] = [];
      for (let num = 1; num < pdf.countObjects(); num += 1) {
        const object = pdf.newIndirect(num);
        const colorSpace = object.isStream() ? object.get('ColorSpace') : null;
        if (colorSpace?.isArray() && colorSpace.get(0).asName() === 'Indexed') {
          widths.push(object.get('Width').asNumber());
        }
      }
      pdf.destroy();
      return widths.sort((a, b) => a - b);
    };
    /** Pixels darker than mid-grey on the page rendered at 75 DPI: the drawing's lines and text. */
    const inkedPixels = async (path: string) => {
      const pdf = await openPdf(path);
      const pixmap = pdf
        .loadPage(0)
        .toPixmap(mupdf.Matrix.scale(75 / 72, 75 / 72), mupdf.ColorSpace.DeviceGray);
      const dark = pixmap.getPixels().filter((value) => value < 128).length;
      pdf.destroy();
      return dark;
    };
    const before = await paletteImages(corpusPath(name));
    const result = await compressName(name, 'low');
    const after = await paletteImages(result.path);
    expect(before).toEqual([354, 1175]);
    // 300 ppi brought to low's 96 ppi: about a third of the width, still indexed.
    expect(after).toHaveLength(2);
    after.forEach((width, index) => expect(width).toBeLessThan((before[index] as number) * 0.4));
    expect(await inkedPixels(result.path)).toBeGreaterThan((await inkedPixels(corpusPath(name))) * 0.8);
  });

  it('re-encodes JPEG 2000 images like the others', async () => {
    const name = 'pdf/pypdf_vicksburg_scanned-ocr-6p-linearized.pdf';
    const jpeg2000Images = async (path: string) =>
      (await imageStreams(path)).filter((image) => image.includes('JPXDecode')).length;
    const before = await jpeg2000Images(corpusPath(name));
    const result = await compressName(name, 'low');
    expect(before).toBeGreaterThan(0);
    expect(await jpeg2000Images(result.path)).toBeLessThan(before);
    const entry = validPdfs.find((candidate) => candidate.name === name) as CorpusEntry;
    await expectSameDocument(entry, result.path);
  });

  it('keeps attachments: a file that is mostly an attached PDF barely shrinks', async () => {
    const result = await compressName(ATTACHMENT_FILE, 'low');
    const pdf = await openPdf(result.path);
    expect(Object.keys(pdf.getEmbeddedFiles())).toHaveLength(1);
    pdf.destroy();
    expect(result.report.values.outputBytes).toBeLessThanOrEqual(
      (await stat(corpusPath(ATTACHMENT_FILE))).size,
    );
  });

  it.each(['high', 'low'] as const)('keeps text, forms and bookmarks at %s', async (quality) => {
    for (const name of [
      OUTLINE_FILE,
      'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf',
      'pdf/pdf2docx_demo_text-images-6p.pdf',
    ]) {
      const entry = validPdfs.find((candidate) => candidate.name === name) as CorpusEntry;
      await expectSameDocument(entry, (await compressName(name, quality)).path);
    }
  });
});

describe('compress keeps navigation and forms', () => {
  it('keeps every bookmark of the outline file', async () => {
    const result = await compressName(OUTLINE_FILE);
    const after = await readDocument(result.path);
    expect(after.outline?.length).toBeGreaterThan(0);
    expect(after.outline).toEqual((await readDocument(corpusPath(OUTLINE_FILE))).outline);
  });

  it('keeps every form field, with its value, on the AcroForm files', async () => {
    const forms = validPdfs.filter((entry) => hasFeature(entry, 'acroform'));
    expect(forms.length).toBeGreaterThanOrEqual(3);
    for (const entry of forms) {
      const before = await readDocument(corpusPath(entry.name));
      const after = await readDocument((await compressName(entry.name)).path);
      expect(before.widgets.length).toBeGreaterThan(0);
      expect(after.widgets).toEqual(before.widgets);
    }
  });

  it('keeps page rotation', async () => {
    const after = await readDocument((await compressName(ROTATED_FILE)).path);
    const before = await readDocument(corpusPath(ROTATED_FILE));
    expect(new Set(before.rotations).size).toBeGreaterThan(1);
    expect(after.rotations).toEqual(before.rotations);
  });
});

describe('compress of a document of many objects', () => {
  it('compresses a 206-page report with 4,120 links and 206 bookmarks, keeping every one', async () => {
    const path = join(ctx.workDir, 'linked-book.pdf');
    await writeFile(path, createLinkedBookPdf());
    const result = await compress({ file: inputFile(path), options: { quality: 'low' } }, ctx);
    const before = await readDocument(path);
    const after = await readDocument(result.path);
    expect(after.links.flat()).toHaveLength(4120);
    expect(after.links).toEqual(before.links);
    expect(after.outline).toHaveLength(206);
    expect(after.outline).toEqual(before.outline);
    expect(qpdfPageCount(result.path)).toBe(206);
  });

  it('compresses a tagged report of 20,600 structure elements, keeping every page and its structure tree', async () => {
    const path = join(ctx.workDir, 'tagged.pdf');
    await writeFile(path, createTaggedReportPdf());
    const result = await compress({ file: inputFile(path), options: { quality: 'medium' } }, ctx);
    const after = mupdf.Document.openDocument(await readFile(result.path), 'application/pdf').asPDF();
    expect(after?.countPages()).toBe(206);
    const elements = after?.getTrailer().get('Root', 'StructTreeRoot', 'K');
    expect(elements?.length).toBe(20_600);
    expect(elements?.get(20_599).get('Pg').asIndirect()).toBe(after?.findPage(205).asIndirect());
    expect((await stat(result.path)).size).toBeLessThan((await stat(path)).size / 2);
  });
});

describe('compress with passwords', () => {
  it('asks for the password of a protected file, naming it', async () => {
    await expect(compressName(USER_PASSWORD_FILE)).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
      details: { fileIndex: 0, fileName: 'pysamples_encrypted_user-openpassword.pdf' },
    });
  });

  it('says when the password is wrong', async () => {
    await expect(compressName(USER_PASSWORD_FILE, 'medium', 'nope')).rejects.toMatchObject({
      code: 'PASSWORD_INCORRECT',
    });
  });

  it('compresses with the right password and writes an unprotected result, and says so', async () => {
    const result = await compressName(USER_PASSWORD_FILE, 'medium', 'openpassword');
    expect(result.report.notices).toContainEqual({ code: 'PASSWORD_REMOVED', fileIndex: 0 });
    expect(isEncrypted(result.path)).toBe(false);
    expect(qpdfPageCount(result.path)).toBe(1);
  });

  it('compresses owner-password files without asking', async () => {
    const result = await compressName(OWNER_ONLY_FILE);
    expect(qpdfPageCount(result.path)).toBe(30);
    expect(isEncrypted(result.path)).toBe(false);
  });
});

describe('compress never returns a larger file', () => {
  it('returns the input byte for byte, and says so, when nothing smaller comes out', async () => {
    // A hand-written one-page PDF of 589 bytes: no rewriting makes it smaller.
    const input = join(ctx.workDir, 'minimal.pdf');
    await writeFile(input, createTextPdf('already minimal'));
    for (const quality of ['high', 'low'] as const) {
      const result = await compress({ file: inputFile(input), options: { quality } }, ctx);
      expect((await readFile(result.path)).equals(await readFile(input))).toBe(true);
      const bytes = (await stat(input)).size;
      expect(result.report).toEqual({
        values: { originalBytes: bytes, outputBytes: bytes },
        // A page of text: no image that a level could change, so every level gives this same answer.
        notices: [{ code: 'ALREADY_OPTIMAL' }, { code: 'SAME_AT_EVERY_LEVEL' }],
      });
    }
  });

  it('returns the repaired copy of a damaged input, even a few bytes larger, and says so', async () => {
    const input = join(ctx.workDir, 'no-xref.pdf');
    await writeFile(input, withoutXref(createTextPdf('damaged, tiny')));
    const result = await compress({ file: inputFile(input), options: { quality: 'medium' } }, ctx);
    expect(qpdfCheck(result.path).ok).toBe(true);
    expect(result.report.notices).toEqual([
      { code: 'FILE_REPAIRED', fileIndex: 0 },
      { code: 'SAME_AT_EVERY_LEVEL' },
    ]);
  });

  it('says a damaged input was repaired when its repaired copy is the smaller answer', async () => {
    const input = join(ctx.workDir, 'no-xref-long.pdf');
    await writeFile(input, withoutXref(createTextPdf('damaged but long '.repeat(200), 30)));
    const result = await compress({ file: inputFile(input), options: { quality: 'medium' } }, ctx);
    expect(result.report.values.outputBytes).toBeLessThan(result.report.values.originalBytes);
    expect(result.report.notices).toEqual([
      { code: 'FILE_REPAIRED', fileIndex: 0 },
      { code: 'SAME_AT_EVERY_LEVEL' },
    ]);
    expect(qpdfPageCount(result.path)).toBe(30);
  });
});

describe('compress stops when the job is cancelled', () => {
  it('rejects with the abort reason', async () => {
    const controller = new AbortController();
    controller.abort(new AppError('JOB_TIMEOUT', 'stopped by the test'));
    await expect(
      compress(
        { file: inputFile(corpusPath(IMAGE_FILES[1] as string)), options: { quality: 'medium' } },
        { ...ctx, signal: controller.signal },
      ),
    ).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
  });
});

describe('compress of damaged and hostile files', () => {
  const bad = badPdfEntries();

  it.each(bad.map((entry) => [entry.name, entry] as const))(
    '%s: answered as the manifest expects',
    async (_name, entry) => {
      const outcome = await compressName(entry.name).then(
        (result) => ({
          ok: true as const,
          pages: qpdfPageCount(result.path),
          check: qpdfCheck(result.path).ok,
        }),
        (error: unknown) => ({ ok: false as const, error: error as { code?: string } }),
      );
      if (mustRepair(entry)) expect(outcome).toMatchObject({ ok: true, pages: entry.pages, check: true });
      if (mustReject(entry)) expect(outcome).toMatchObject({ ok: false });
      if (!outcome.ok)
        expect(['FILE_DAMAGED', 'DOCUMENT_TOO_COMPLEX', 'EMPTY_FILE', 'INVALID_FILE_TYPE']).toContain(
          outcome.error.code,
        );
    },
  );
});

describe('compress of hostile structures (hardening items 24 and 26)', () => {
  async function compressBytes(bytes: Buffer) {
    const path = join(ctx.workDir, 'hostile.pdf');
    await writeFile(path, bytes);
    return compress({ file: inputFile(path), options: { quality: 'medium' } }, ctx);
  }

  it('refuses a page tree that loops as damaged, naming the file', async () => {
    await expect(compressBytes(createPageTreeCycle())).rejects.toMatchObject({
      code: 'FILE_DAMAGED',
      details: { fileIndex: 0, fileName: 'hostile.pdf' },
    });
  });

  it.each(['self', 'pair', 'appearance'] as const)(
    'compresses a file whose forms draw each other in a loop (%s) instead of following it for ever',
    async (shape) => {
      const result = await compressBytes(createFormCycle(shape));
      expect(qpdfCheck(result.path).ok).toBe(true);
    },
  );

  it('leaves a metadata stream that inflates to 1 GiB alone, with bounded memory', async () => {
    const before = process.memoryUsage().rss;
    const result = await compressBytes(createMetadataFlateBomb());
    expect(qpdfPageCount(result.path)).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('leaves a palette image that inflates to 1 GiB unread past its own size', async () => {
    const before = process.memoryUsage().rss;
    const result = await compressBytes(createIndexedImageFlateBomb());
    expect(qpdfPageCount(result.path)).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('leaves an image that inflates to 1 GiB undecoded', async () => {
    const before = process.memoryUsage().rss;
    const result = await compressBytes(createImageFlateBomb());
    expect(qpdfPageCount(result.path)).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
