import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath, popplerWords, recall, words } from '@quire/corpus';
import { strFromU8 } from 'fflate';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { bindScans, referenceWords, scanImage } from '@quire/test-kit/scanned-pdfs';
import { inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { createLinkedPdf, LINKED_PDF_ADDRESS } from '../../test/linked-pdfs.ts';
import { placedWords, readPptx, wordOffsets } from '../../test/pptx-slides.ts';
import { createSidewaysPagePdf, SIDEWAYS_LINES } from '../../test/turned-pdfs.ts';
import { createVerticalJapanesePdf, VERTICAL_PARAGRAPHS } from '../../test/vertical-pdfs.ts';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { pdfToPowerpoint } from './pdf-to-powerpoint.ts';
import { powerpointToPdf } from './powerpoint-to-pdf.ts';

const ctx = useJobContext(120_000);
afterAll(stopWarmOffice);

const PAPER = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
const DEMO_PAPER = 'pdf/pdf2docx_demo_text-images-6p.pdf';
/** English Metric Units in a point. */
const EMU_PER_POINT = 12_700;
const NO_OPTIONS = { pages: undefined, language: 'auto' } as const;

/** `pages` (qpdf's page list) of a corpus PDF, cut into a file of the job's directory. */
function cutPages(name: string, pages: string): string {
  const path = join(ctx.workDir, `cut-${pages.replaceAll(',', '-')}.pdf`);
  execFileSync('qpdf', ['--empty', '--pages', corpusPath(name), pages, '--', path]);
  return path;
}

async function convert(path: string, options: Parameters<typeof pdfToPowerpoint>[0]['options'] = NO_OPTIONS) {
  const result = await pdfToPowerpoint({ file: inputFile(path), options }, ctx);
  return { result, pptx: await readPptx(result.path) };
}

/** The offsets (points, on each axis) of every `<a:off>` and `<a:ext>` of a slide: where its shapes stand. */
function shapeBoxes(xml: string): { x: number; y: number; cx: number; cy: number }[] {
  return [...xml.matchAll(/<a:off x="(-?\d+)" y="(-?\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"\/>/g)]
    .map((match) => match.slice(1, 5).map(Number) as [number, number, number, number])
    .filter(([, , cx, cy]) => cx > 0 && cy > 0)
    .map(([x, y, cx, cy]) => ({ x, y, cx, cy }));
}

describe('pdfToPowerpoint', () => {
  it('makes a slide of each page at its size, each line an editable text box where it stands, in its font', async () => {
    // The paper's first page (title, authors, abstract in two columns) and page 8 (a ruled table, drawn in vector).
    const source = cutPages(PAPER, '1,8');
    const { result, pptx } = await convert(source);
    expect(result.report.values).toMatchObject({ pageCount: 2, pagesWithoutText: 0, recognisedCount: 0 });
    expect(pptx.size).toEqual({ cx: 612 * EMU_PER_POINT, cy: 792 * EMU_PER_POINT });
    expect(pptx.slides).toHaveLength(2);
    const pages = execFileSync('pdftotext', ['-enc', 'UTF-8', source, '-'], { encoding: 'utf8' }).split('\f');
    for (const [index, slide] of pptx.slides.entries()) {
      const reference = words(pages[index] ?? '');
      const { found, total } = recall(reference, words(slide.text));
      expect(found / total).toBeGreaterThan(0.97);
      expect(slide.textBoxes).toBeGreaterThan(50);
    }
    // The title in its bold 17.9-point Times (mapped to Times New Roman), black.
    expect(pptx.slides[0]?.xml).toMatch(
      /<a:rPr lang="en-US" sz="1800" b="1"(?: spc="-?\d+")? dirty="0"><a:solidFill><a:srgbClr val="000000"\/><\/a:solidFill><a:latin typeface="Times New Roman"\/>[^]*?<a:t>Trace-based Just-in-Time Type Specialization for Dynamic<\/a:t>/,
    );
    // Page 1 has no drawing but its footnote rule; page 8's table rules are drawn behind its text.
    expect(pptx.slides[1]?.pictures).toBe(1);
    // Shown by LibreOffice, the slides' words stand where the page's stand: half within a point, nine in ten within 3
    // (each line's characters spaced to the PDF's width: 0.5 and 1.9 points measured; unspaced, 1.0 and 5.8-7.3).
    const back = await powerpointToPdf({ file: inputFile(result.path), options: {} }, ctx);
    expect(qpdfPageCount(back.path)).toBe(2);
    const [sourceWords, shownWords] = [placedWords(source), placedWords(back.path)];
    for (const [index, page] of sourceWords.entries()) {
      const offsets = wordOffsets(page, shownWords[index] ?? []).sort((a, b) => a - b);
      expect(offsets.length).toBeGreaterThan(page.length / 4);
      expect(offsets[Math.floor(offsets.length / 2)]).toBeLessThan(1);
      expect(offsets[Math.floor(offsets.length * 0.9)]).toBeLessThan(3);
    }
  }, 120_000);

  it('places the pictures of a page as pictures, at their place and size', async () => {
    // Page 2 of the demo paper: a chart as a picture with a soft mask, above two columns of text.
    const source = cutPages(DEMO_PAPER, '2');
    const { pptx } = await convert(source);
    const xml = pptx.slides[0]?.xml ?? '';
    const media = Object.keys(pptx.entries).filter((name) => name.startsWith('ppt/media/'));
    expect(media).toEqual(['ppt/media/image1.png']);
    // The picture stands where MuPDF finds the image on the page, its white margins trimmed as PDF to Word trims
    // them (the page shows them as paper): inside the image's box, and more than half of it (72%).
    const document = mupdf.Document.openDocument(readFileSync(source), 'application/pdf');
    const page = document.loadPage(0);
    const text = page.toStructuredText('preserve-images');
    const blocks = (JSON.parse(text.asJSON()) as { blocks: { type: string; bbox: Record<string, number> }[] })
      .blocks;
    [text, page, document].forEach((object) => object.destroy());
    const image = blocks.find((block) => block.type === 'image')?.bbox ?? {};
    const placed = /<p:pic>[^]*?<a:off x="(\d+)" y="(\d+)"\/><a:ext cx="(\d+)" cy="(\d+)"\/>/
      .exec(xml)
      ?.slice(1, 5)
      .map((value) => Number(value) / EMU_PER_POINT);
    expect(placed).toHaveLength(4);
    const [x = 0, y = 0, w = 0, h = 0] = placed ?? [];
    const { x: imageX = 0, y: imageY = 0, w: imageW = 0, h: imageH = 0 } = image;
    expect(x).toBeGreaterThan(imageX - 1);
    expect(y).toBeGreaterThan(imageY - 1);
    expect(x + w).toBeLessThan(imageX + imageW + 1);
    expect(y + h).toBeLessThan(imageY + imageH + 1);
    expect(w * h).toBeGreaterThan(0.5 * imageW * imageH);
  }, 60_000);

  it('reads a scanned page with OCR into editable text boxes, without keeping the scan', async () => {
    // The paper's title, authors and abstract, scanned clean at 300 DPI: a band across the top of page 1.
    const source = {
      path: corpusPath(PAPER),
      page: 1,
      language: 'en',
      area: { x: 0, y: 60, width: 612, height: 250 },
    };
    const scan = bindScans(
      [await scanImage(source, 'clean', join(ctx.workDir, 'scan'))],
      join(ctx.workDir, 'scan.pdf'),
    );
    const { result, pptx } = await convert(scan, { pages: undefined, language: ['en'] });
    expect(result.report.values).toMatchObject({ pageCount: 1, recognisedCount: 1, recognisedPages: '1' });
    const [slide] = pptx.slides;
    const { found, total } = recall(referenceWords(source), words(slide?.text ?? ''));
    expect(found / total).toBeGreaterThan(0.9);
    expect(slide?.textBoxes).toBeGreaterThan(10);
    // No picture: the scan is not kept, and the band has no photo.
    expect(slide?.pictures).toBe(0);
    expect(result.report.notices).toEqual([]);
  }, 120_000);

  it('keeps a scan with a text layer as it looks: the scan a picture, its invisible words transparent runs', async () => {
    const { pptx } = await convert(cutPages('pdf/pypdf_vicksburg_scanned-ocr-6p-linearized.pdf', '1'));
    const [slide] = pptx.slides;
    // Its pictures: the scan's layers (the text's mask, its background, its engraving).
    expect(slide?.pictures).toBeGreaterThanOrEqual(1);
    const runs = slide?.xml.match(/<a:r>/g)?.length ?? 0;
    const transparent = slide?.xml.match(/<a:alpha val="0"\/>/g)?.length ?? 0;
    expect(runs).toBeGreaterThan(20);
    expect(transparent / runs).toBeGreaterThan(0.95);
  }, 60_000);

  it("converts the pages listed, fitting a page of another size into the first page's slide", async () => {
    // Page 1 is portrait Letter, page 2 landscape.
    const { pptx, result } = await convert(corpusPath('pdf/pdfjs_mixed-page-sizes-3p.pdf'), {
      pages: '1-2',
      language: 'auto',
    });
    expect(result.report.values.pageCount).toBe(2);
    expect(pptx.slides).toHaveLength(2);
    const { cx, cy } = pptx.size;
    for (const slide of pptx.slides) {
      for (const box of shapeBoxes(slide.xml)) {
        expect(box.x).toBeGreaterThanOrEqual(-EMU_PER_POINT);
        expect(box.y).toBeGreaterThanOrEqual(-EMU_PER_POINT);
        expect(box.x + box.cx).toBeLessThanOrEqual(cx + EMU_PER_POINT);
        expect(box.y + box.cy).toBeLessThanOrEqual(cy + EMU_PER_POINT);
      }
    }
    expect(pptx.slides[0]?.text).not.toEqual(pptx.slides[1]?.text);
  }, 60_000);

  it('stands a page whose text runs sideways upright, on a landscape slide', async () => {
    const path = join(ctx.workDir, 'sideways.pdf');
    await writeFile(path, createSidewaysPagePdf());
    const { pptx } = await convert(path);
    expect(pptx.size).toEqual({ cx: 792 * EMU_PER_POINT, cy: 612 * EMU_PER_POINT });
    expect(pptx.slides[0]?.text.split('\n').map((line) => line.trim())).toEqual(SIDEWAYS_LINES);
    expect(pptx.slides[0]?.xml).not.toContain('vert=');
  });

  it('stands a page of vertical Japanese as it is, its columns written top to bottom', async () => {
    const { pptx } = await convert(await createVerticalJapanesePdf(ctx.workDir));
    // A4 portrait, as the page.
    expect(pptx.size.cx).toBeLessThan(pptx.size.cy);
    const xml = pptx.slides[0]?.xml ?? '';
    expect(xml.match(/vert="eaVert"/g)?.length).toBe(pptx.slides[0]?.textBoxes);
    const text = (pptx.slides[0]?.text ?? '').replace(/\s+/g, '');
    for (const paragraph of VERTICAL_PARAGRAPHS) expect(text).toContain(paragraph.replace(/\s+/g, ''));
    // Its columns stand right to left: the first paragraph's column is right of the last's.
    const columnOf = (words: string) => {
      const shape = xml.split('<p:sp>').find((part) => part.includes(`<a:t>${words.slice(0, 4)}`));
      return Number(/<a:off x="(\d+)"/.exec(shape ?? '')?.[1]);
    };
    expect(columnOf(VERTICAL_PARAGRAPHS[0] ?? '')).toBeGreaterThan(
      columnOf(VERTICAL_PARAGRAPHS.at(-1) ?? ''),
    );
  });

  it('sets right-to-left lines right-aligned, in reading order', async () => {
    const { pptx } = await convert(corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf'));
    const xml = pptx.slides[0]?.xml ?? '';
    expect(xml).toContain('<a:pPr algn="r" rtl="1"/>');
    expect(words(pptx.slides[0]?.text ?? '')).toEqual(expect.arrayContaining(['العربية']));
    const { found, total } = recall(
      popplerWords(corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf')),
      words(pptx.slides[0]?.text ?? ''),
    );
    expect(found / total).toBeGreaterThan(0.9);
  });

  it('keeps web links and links to other pages, and makes no link of a script', async () => {
    const path = join(ctx.workDir, 'linked.pdf');
    await writeFile(path, createLinkedPdf());
    const { pptx } = await convert(path);
    const rels = strFromU8(pptx.entries['ppt/slides/_rels/slide1.xml.rels'] ?? new Uint8Array());
    const escaped = LINKED_PDF_ADDRESS.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(rels).toContain(`Target="${escaped}" TargetMode="External"`);
    expect(rels).toContain('Target="slide2.xml"');
    expect(rels).not.toMatch(/javascript/i);
    expect(pptx.slides[0]?.xml).toContain('action="ppaction://hlinksldjump"');
  });
});
