import { execFileSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import * as mupdf from 'mupdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertType1Fonts } from '../compress/fonts/convert-type1-fonts.ts';
import { createHebrewFormPdf, createJapanesePagePdf } from '@quire/test-kit/form-fonts';
import { createJobContext, inputFile, qpdfCheck } from '../../test/job-context.ts';
import { createType1Pdf } from '@quire/test-kit/type1-fonts';
import { compress } from './compress.ts';

/**
 * Issue 30, item 9: small font-heavy files. Each class of file must come out smaller than it did before Type 1
 * fonts were rewritten as CFF and fonts subset in files with forms, with the same text (pdftotext), fields, links
 * and bookmarks.
 */
type Context = Awaited<ReturnType<typeof createJobContext>>;
let ctx: Context;
beforeEach(async () => {
  ctx = await createJobContext();
});
afterEach(async () => {
  await ctx.dispose();
});

/** pdfTeX: 4 pages, bookmarks and links, three Type 1 Computer Modern fonts (0.99 of its size came back before). */
const LATEX_FILE = 'pdf/pysamples_outline-bookmarks_4p.pdf';

async function compressPath(path: string, quality: 'high' | 'medium' | 'low' = 'medium') {
  return compress({ file: inputFile(path), options: { quality } }, ctx);
}

async function writeInput(name: string, bytes: Buffer): Promise<string> {
  const path = join(ctx.workDir, name);
  await writeFile(path, bytes);
  return path;
}

function pdftotext(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** Fields, links and bookmarks, read with MuPDF. */
async function readNavigation(path: string) {
  const pdf = new mupdf.PDFDocument(await readFile(path));
  const pages = Array.from({ length: pdf.countPages() }, (_, index) => pdf.loadPage(index));
  const snapshot = {
    fields: pages.flatMap((page) =>
      page.getWidgets().map((w) => `${w.getFieldType()}:${w.getName()}=${w.getValue()}`),
    ),
    links: pages.map((page) => page.getLinks().map((link) => link.getURI())),
    outline: pdf.loadOutline(),
  };
  pdf.destroy();
  return snapshot;
}

async function expectSameDocument(inputPath: string, outputPath: string) {
  const check = qpdfCheck(outputPath);
  expect(check.ok, check.output).toBe(true);
  expect(pdftotext(outputPath)).toBe(pdftotext(inputPath));
  expect(await readNavigation(outputPath)).toEqual(await readNavigation(inputPath));
}

/** Decoded font programs by the name of the font that uses them (/BaseFont, subset tag left out). */
async function fontPrograms(path: string): Promise<Map<string, Uint8Array>> {
  const pdf = new mupdf.PDFDocument(await readFile(path));
  const programs = new Map<string, Uint8Array>();
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const font = pdf.newIndirect(num);
    if (!font.isDictionary() || font.get('Type').asName() !== 'Font') continue;
    const descendant = font.get('DescendantFonts');
    const descriptor = descendant.isArray()
      ? descendant.get(0).get('FontDescriptor')
      : font.get('FontDescriptor');
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const program = descriptor.get(key);
      if (!program.isStream()) continue;
      const name = font
        .get('BaseFont')
        .asName()
        .replace(/^[A-Z]{6}\+/, '');
      programs.set(name, program.readStream().asUint8Array().slice());
    }
  }
  pdf.destroy();
  return programs;
}

/** The table tags of a TrueType program. */
function tableTags(program: Uint8Array | undefined): string[] {
  if (!program) return [];
  const view = new DataView(program.buffer, program.byteOffset, program.byteLength);
  return Array.from({ length: view.getUint16(4) }, (_, index) =>
    String.fromCharCode(...program.subarray(12 + index * 16, 16 + index * 16)),
  );
}

describe('compress of font-heavy files (issue 30, item 9)', () => {
  it('a LaTeX paper: Type 1 fonts become CFF, under half the size, same text, links and bookmarks', async () => {
    const input = corpusPath(LATEX_FILE);
    const result = await compressPath(input);
    expect(result.report.values.outputBytes).toBeLessThan(corpusEntry(LATEX_FILE).bytes * 0.5);
    await expectSameDocument(input, result.path);
    const after = await readNavigation(result.path);
    expect(after.links.flat().length + (after.outline?.length ?? 0)).toBeGreaterThan(0);
    for (const program of (await fontPrograms(result.path)).values()) {
      // A bare CFF font starts with its header: major version 1.
      expect(program[0]).toBe(1);
    }
  });

  it('a LaTeX-style form: Type 1 fonts become CFF, the page font subset, the field font whole, the field kept', async () => {
    const input = await writeInput('type1-form.pdf', createType1Pdf({ withField: true }));
    const result = await compressPath(input);
    expect(result.report.values.outputBytes).toBeLessThan((await stat(input)).size * 0.5);
    await expectSameDocument(input, result.path);
    expect((await readNavigation(result.path)).fields).toEqual(['text:name=A']);

    // The same fonts only rewritten as CFF, not subset: what each program is when no glyph is dropped.
    const whole = new mupdf.PDFDocument(await readFile(input));
    convertType1Fonts(mupdf, whole);
    const wholePath = await writeInput(
      'whole.pdf',
      Buffer.from(whole.saveToBuffer('compress').asUint8Array()),
    );
    whole.destroy();
    const [wholeFonts, outputFonts] = [await fontPrograms(wholePath), await fontPrograms(result.path)];
    const bytesOf = (fonts: Map<string, Uint8Array>, name: string) => Buffer.from(fonts.get(name) ?? []);
    expect(bytesOf(outputFonts, 'QuireField').length).toBeGreaterThan(0);
    expect(bytesOf(outputFonts, 'QuireField').equals(bytesOf(wholeFonts, 'QuireField'))).toBe(true);
    // The page's font lost the accent that only seac drew (now drawn within the accented letter).
    expect(bytesOf(outputFonts, 'QuireTest')[0]).toBe(1);
    expect(bytesOf(outputFonts, 'QuireTest').length).toBeLessThan(bytesOf(wholeFonts, 'QuireTest').length);
  });

  it('a Hebrew page with a form: the page font is subset, the field font stays whole, the field kept', async () => {
    const input = await writeInput('hebrew-form.pdf', createHebrewFormPdf());
    const result = await compressPath(input);
    expect(result.report.values.outputBytes).toBeLessThan((await stat(input)).size * 0.75);
    await expectSameDocument(input, result.path);
    expect((await readNavigation(result.path)).fields).toEqual(['text:name=דנה']);
    const [before, after] = [await fontPrograms(input), await fontPrograms(result.path)];
    expect(after.get('NotoSansHebrewBold')?.length).toBe(before.get('NotoSansHebrewBold')?.length);
    expect(after.get('NotoSansHebrew')?.length).toBeLessThan((before.get('NotoSansHebrew')?.length ?? 0) / 2);
    // The page font's names are gone (no reader uses them); the field font keeps every table.
    expect(tableTags(after.get('NotoSansHebrew'))).not.toContain('name');
    expect(tableTags(after.get('NotoSansHebrewBold'))).toEqual(tableTags(before.get('NotoSansHebrewBold')));
    expect(tableTags(after.get('NotoSansHebrewBold'))).toContain('name');
  });

  it('a Hebrew page from Word: its subset TrueType fonts lose their unused tables, same text', async () => {
    const name = 'pdf/pdfjs_hebrew-text_issue11656.pdf';
    const result = await compressPath(corpusPath(name));
    // 0.795 of its size before (Ghostscript /ebook: 0.673).
    expect(result.report.values.outputBytes).toBeLessThan(corpusEntry(name).bytes * 0.75);
    await expectSameDocument(corpusPath(name), result.path);
  });

  it('a Japanese page with a whole OpenType CJK font: cut to its glyphs, under 3% of its size, same text', async () => {
    const input = await writeInput('japanese.pdf', createJapanesePagePdf());
    const result = await compressPath(input);
    expect(result.report.values.outputBytes).toBeLessThan((await stat(input)).size * 0.03);
    await expectSameDocument(input, result.path);
  });

  it('says that every level gives the same file when there is no image to resample, and gives it', async () => {
    const input = await writeInput('type1.pdf', createType1Pdf());
    const sizes = [];
    for (const quality of ['high', 'medium', 'low'] as const) {
      const result = await compressPath(input, quality);
      expect(result.report.notices).toContainEqual({ code: 'SAME_AT_EVERY_LEVEL' });
      sizes.push(result.report.values.outputBytes);
    }
    expect(new Set(sizes).size).toBe(1);
  });

  it('does not say so for a file whose images the levels treat differently', async () => {
    const result = await compressPath(corpusPath('pdf/pdfjs_images-cairo_10-images.pdf'), 'low');
    expect(result.report.notices).not.toContainEqual({ code: 'SAME_AT_EVERY_LEVEL' });
  });
});
