import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import type { Margins } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import {
  checkWithQpdf,
  inputFile,
  isEncrypted,
  qpdfPageCount,
  useJobContext,
} from '../../test/job-context.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { crop } from './crop.ts';

const ctx = useJobContext();

type Box = [number, number, number, number];
type PageBoxes = { rotation: number; media: Box; crop: Box; trim: Box };

/** Each page's rotation, MediaBox, CropBox and TrimBox as poppler reports them (absent boxes as their default). */
function pageBoxes(path: string, password?: string): PageBoxes[] {
  const output = execFileSync(
    'pdfinfo',
    [...(password ? ['-upw', password] : []), '-box', '-f', '1', '-l', '9999', path],
    { encoding: 'utf8' },
  );
  const boxes = (name: string) =>
    [...output.matchAll(new RegExp(`^Page\\s+\\d+ ${name}:\\s+(.+)$`, 'gm'))].map(
      (match) => (match[1] ?? '').trim().split(/\s+/).map(Number) as Box,
    );
  const rotations = [...output.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
  const [media, crops, trims] = [boxes('MediaBox'), boxes('CropBox'), boxes('TrimBox')];
  return rotations.map((rotation, index) => ({
    rotation,
    media: media[index] as Box,
    crop: crops[index] as Box,
    trim: trims[index] as Box,
  }));
}

const expectBox = (actual: Box, expected: readonly number[], tolerance = 0.011) =>
  actual.forEach((value, index) =>
    expect(Math.abs(value - (expected[index] ?? Number.NaN))).toBeLessThan(tolerance),
  );

const cut = (top: number, right: number, bottom: number, left: number): Margins => ({
  top,
  right,
  bottom,
  left,
});

async function cropFile(path: string, margins: Margins, pages?: string, password?: string) {
  return crop({ file: inputFile(path, password), options: { margins, pages } }, ctx);
}

type TestPage = {
  media: Box;
  rotate?: 0 | 90 | 180 | 270;
  crop?: Box;
  trim?: Box;
  /** Points in one unit of the page's space (PDF 1.6's /UserUnit). */
  userUnit?: number;
  /** Page content: PDF operators. */
  content?: string;
};

/** Writes a PDF of the pages described, built with MuPDF, and returns its path. */
async function buildPdf(name: string, pages: readonly TestPage[]): Promise<string> {
  const mupdf = await loadMupdf();
  const doc = new mupdf.PDFDocument();
  for (const page of pages) {
    const object = doc.addPage(page.media, page.rotate ?? 0, doc.newDictionary(), page.content ?? '');
    if (page.crop) object.put('CropBox', page.crop);
    if (page.trim) object.put('TrimBox', page.trim);
    if (page.userUnit) object.put('UserUnit', page.userUnit);
    doc.insertPage(-1, object);
  }
  const path = join(ctx.workDir, name);
  writeFileSync(path, doc.saveToBuffer('').asUint8Array().slice());
  doc.destroy();
  return path;
}

describe('crop', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: every page 10 points smaller on each side, its MediaBox kept',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const before = pageBoxes(corpusPath(entry.name), password);
      const result = await cropFile(corpusPath(entry.name), cut(10, 10, 10, 10), undefined, password);
      const after = pageBoxes(result.path);
      expect(after).toHaveLength(before.length);
      after.forEach((page, index) => {
        const old = before[index] as PageBoxes;
        expect(page.rotation).toBe(old.rotation);
        expectBox(page.media, old.media);
        expectBox(page.crop, [old.crop[0] + 10, old.crop[1] + 10, old.crop[2] - 10, old.crop[3] - 10], 0.02);
      });
      expect(result.report.values).toEqual({
        pageCount: before.length,
        croppedPages: before.length,
        blankPages: 0,
      });
      const check = checkWithQpdf(result.path);
      expect(check.ok, check.output).toBe(true);
      // A file that opens without a password keeps the restrictions its author set (Unlock PDF lifts them).
      expect(check.isEncrypted).toBe(password === undefined && isEncrypted(corpusPath(entry.name)));
    },
  );

  it('cuts "top" from the top the reader sees, whatever the page\'s /Rotate', async () => {
    const name = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
    const before = pageBoxes(corpusPath(name));
    expect(new Set(before.map((page) => page.rotation))).toEqual(new Set([90, 180, 270]));
    const after = pageBoxes((await cropFile(corpusPath(name), cut(50, 0, 0, 0))).path);
    after.forEach((page, index) => {
      const [x0, y0, x1, y1] = (before[index] as PageBoxes).crop;
      // The stored side each turn shows at the top: y1 unturned, x0 a quarter turn clockwise, y0 upside down, x1.
      const expected = {
        0: [x0, y0, x1, y1 - 50],
        90: [x0 + 50, y0, x1, y1],
        180: [x0, y0 + 50, x1, y1],
        270: [x0, y0, x1 - 50, y1],
      }[page.rotation];
      expectBox(page.crop, expected ?? []);
    });
  });

  it('cuts from the box shown, not from 0,0, and keeps a TrimBox inside the new box', async () => {
    const path = await buildPdf('offset.pdf', [
      { media: [100, 200, 712, 992], crop: [150, 250, 662, 942], trim: [120, 260, 600, 980] },
    ]);
    const result = await cropFile(path, cut(10, 20, 30, 40));
    const [page] = pageBoxes(result.path);
    expectBox(page?.media ?? [0, 0, 0, 0], [100, 200, 712, 992]);
    expectBox(page?.crop ?? [0, 0, 0, 0], [190, 280, 642, 932]);
    expectBox(page?.trim ?? [0, 0, 0, 0], [190, 280, 600, 932]);
  });

  it('crops only the listed pages and leaves the others as they were', async () => {
    const name = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
    const before = pageBoxes(corpusPath(name));
    const result = await cropFile(corpusPath(name), cut(72, 72, 72, 72), '2, 13-14, 2');
    const after = pageBoxes(result.path);
    const changed = after.flatMap((page, index) =>
      page.crop[3] === (before[index] as PageBoxes).crop[3] ? [] : [index + 1],
    );
    expect(changed).toEqual([2, 13, 14]);
    expect(result.report.values.croppedPages).toBe(3);
    expect(qpdfPageCount(result.path)).toBe(14);
  });

  it('keeps every byte of an unprotected file and appends the new boxes (an incremental update)', async () => {
    const name = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
    const result = await cropFile(corpusPath(name), cut(36, 36, 36, 36));
    const original = readFileSync(corpusPath(name));
    const written = readFileSync(result.path);
    expect(written.length).toBeGreaterThan(original.length);
    expect(written.subarray(0, original.length).equals(original)).toBe(true);
  });

  it('reads margins in points on a page whose unit is larger (/UserUnit), drawn or typed', async () => {
    // A 200-unit square page of 10 points a unit: 2000 points a side, its ink a 50-unit square at (100, 20).
    const page = { media: [0, 0, 200, 200] as Box, userUnit: 10, content: '0 g 100 20 50 50 re f' };
    const path = await buildPdf('user-unit.pdf', [page, page]);
    const result = await cropFile(path, cut(100, 0, 300, 50), '1');
    const mupdf = await loadMupdf();
    const doc = new mupdf.PDFDocument(readFileSync(result.path));
    const cropOf = (index: number) => {
      const box = doc.loadPage(index).getObject().get('CropBox');
      return [0, 1, 2, 3].map((at) => box.get(at).asNumber());
    };
    expectBox(cropOf(0) as Box, [5, 30, 200, 190]);
    doc.destroy();
    const auto = await cropFile(path, 'auto', '2');
    const autoDoc = new mupdf.PDFDocument(readFileSync(auto.path));
    const box = autoDoc.loadPage(1).getObject().get('CropBox');
    // The ink's 50 units and 6 points (0.6 of a unit) around it, to within a pixel of the drawing.
    expectBox([0, 1, 2, 3].map((at) => box.get(at).asNumber()) as Box, [99.4, 19.4, 150.6, 70.6], 0.5);
    autoDoc.destroy();
  });

  it('refuses margins that leave nothing of a page, naming the field and the page as seen', async () => {
    // Page 2 is turned a quarter: it shows 792 points across and 612 down, so 300 + 310 leave 2 points of height.
    const path = await buildPdf('turned.pdf', [
      { media: [0, 0, 612, 792] },
      { media: [0, 0, 612, 792], rotate: 90 },
    ]);
    await expect(cropFile(path, cut(300, 0, 310, 0))).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      details: { option: 'margins', page: 2, width: 792, height: 612 },
    });
    await expect(cropFile(path, cut(300, 0, 310, 0), '1')).resolves.toMatchObject({
      report: { values: { croppedPages: 1 } },
    });
  });

  it('removes the password of a protected file, as every tool that writes one, and says so', async () => {
    const name = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';
    const result = await cropFile(corpusPath(name), cut(5, 5, 5, 5), '1', 'view');
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toContainEqual({ code: 'PASSWORD_REMOVED', fileIndex: 0 });
    await expect(cropFile(corpusPath(name), cut(5, 5, 5, 5))).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
    });
  });

  describe('auto', () => {
    // A black 100 × 50 rectangle at (200, 300) on a Letter page, and a speck of dust (half a point) far from it.
    const ink = '0 g 200 300 100 50 re f 500 700 0.5 0.5 re f';

    it('trims the white around the content, leaving a small margin, however the page is turned', async () => {
      const path = await buildPdf('ink.pdf', [
        { media: [0, 0, 612, 792], content: ink },
        { media: [0, 0, 612, 792], content: ink, rotate: 90 },
        { media: [0, 0, 612, 792], content: ink, rotate: 270, crop: [100, 100, 512, 692] },
      ]);
      const result = await cropFile(path, 'auto');
      for (const page of pageBoxes(result.path)) {
        // The ink's box and 6 points around it, to within the 1.44 points of a pixel at 50 DPI.
        expectBox(page.crop, [194, 294, 306, 356], 3);
        expect(page.crop[0]).toBeLessThanOrEqual(200);
        expect(page.crop[2]).toBeGreaterThanOrEqual(300);
      }
      expect(result.report.values).toEqual({ pageCount: 3, croppedPages: 3, blankPages: 0 });
    });

    it('leaves a blank page as it is', async () => {
      const path = await buildPdf('blank.pdf', [
        { media: [0, 0, 612, 792], content: ink },
        { media: [0, 0, 595, 842] },
      ]);
      const result = await cropFile(path, 'auto');
      const [, blank] = pageBoxes(result.path);
      expectBox(blank?.crop ?? [0, 0, 0, 0], [0, 0, 595, 842]);
      expect(result.report.values).toEqual({ pageCount: 2, croppedPages: 1, blankPages: 1 });
    });

    it('trims scanned pages to their ink, within each page', async () => {
      // An Epson scan: typed letters on white paper, its pages' /Rotate given by an indirect object.
      const name = 'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf';
      const before = pageBoxes(corpusPath(name));
      const result = await cropFile(corpusPath(name), 'auto');
      const after = pageBoxes(result.path);
      const area = (box: Box) => (box[2] - box[0]) * (box[3] - box[1]);
      expect(result.report.values).toEqual({ pageCount: 5, croppedPages: 5, blankPages: 0 });
      after.forEach((page, index) => {
        const old = (before[index] as PageBoxes).crop;
        expect(area(page.crop)).toBeLessThan(area(old) * 0.9);
        expect(page.crop[0]).toBeGreaterThanOrEqual(old[0]);
        expect(page.crop[1]).toBeGreaterThanOrEqual(old[1]);
        expect(page.crop[2]).toBeLessThanOrEqual(old[2]);
        expect(page.crop[3]).toBeLessThanOrEqual(old[3]);
      });
      // Nothing of the text is cut: poppler reads the same words inside the new box as on the whole page.
      const text = (path: string) =>
        execFileSync('pdftotext', ['-cropbox', path, '-'], { encoding: 'utf8' }).split(/\s+/).filter(Boolean);
      expect(text(result.path)).toEqual(text(corpusPath(name)));
    });
  });
});
