import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CHART_PAGE_TEXT,
  createFontSamplesPdf,
  createFramedParagraphPdf,
  createPicturePagesPdf,
  createVectorChartPdf,
  FONT_SAMPLES,
  FRAMED_LINES,
  PICTURE_PAGE_WORDS,
} from '../../test/figure-pdfs.ts';
import { convertBuiltToWord, convertToWord } from '../../test/convert-to-word.ts';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { decodeXml, docxTables, readWordDocx, type Docx } from '../../test/word-docx.ts';
import { pdfToWord } from './pdf-to-word.ts';

const ctx = useJobContext(120_000);
const WHISPER_PAPER = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
const UML_MODEL = 'pdf/pypdf_geobase-uml-model_19p-vector.pdf';
const GEOMETRY_NOTES = 'pdf/pysamples_geotopo-lecture-notes_117p.pdf';

const convert = (path: string) => convertToWord(ctx, path);
const convertBuilt = (name: string, pdf: Buffer) => convertBuiltToWord(ctx, name, pdf);

const media = (docx: Docx) => Object.keys(docx.entries).filter((name) => /^word\/media\/./.test(name));
/** Text with its line breaks and runs of spaces as single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('pdf-to-word: figures drawn with vector paths', () => {
  it('keeps a vector chart as a picture in its place, its labels in the picture and the text around it as text', async () => {
    const docx = await convertBuilt('chart.pdf', createVectorChartPdf());
    expect(media(docx)).toHaveLength(1);
    const [picture] = media(docx);
    expect(picture).toMatch(/\.png$/);
    const text = flat(docx.text);
    for (const line of CHART_PAGE_TEXT.paragraph) expect(text).toContain(line);
    expect(text).toContain(CHART_PAGE_TEXT.caption);
    for (const label of CHART_PAGE_TEXT.labels) expect(text).not.toContain(label);
    // Its words are the picture's alternative text, for screen readers.
    const description = decodeXml(/<wp:docPr [^>]*descr="([^"]*)"/.exec(docx.xml)?.[1] ?? '');
    for (const label of CHART_PAGE_TEXT.labels) expect(description).toContain(label);
    // Paragraph, then the picture, then the caption.
    const drawingAt = docx.xml.indexOf('<w:drawing>');
    expect(docx.xml.indexOf('median kept')).toBeLessThan(drawingAt);
    expect(docx.xml.indexOf('Figure 1.')).toBeGreaterThan(drawingAt);
    // The picture shows both series: blue and red pixels, not a blank box.
    const { data, info } = await sharp(docx.entries[picture as string])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let blue = 0;
    let red = 0;
    for (let at = 0; at < data.length; at += info.channels) {
      const [r = 0, g = 0, b = 0] = [data[at], data[at + 1], data[at + 2]];
      if (b > 180 && r < 80 && g < 80) blue += 1;
      if (r > 180 && b < 80 && g < 80) red += 1;
    }
    expect(blue).toBeGreaterThan(200);
    expect(red).toBeGreaterThan(200);
  });

  it('leaves a paragraph in a frame drawn with curves as text', async () => {
    const docx = await convertBuilt('framed.pdf', createFramedParagraphPdf());
    expect(media(docx)).toHaveLength(0);
    const text = flat(docx.text);
    for (const line of FRAMED_LINES) expect(text).toContain(line);
  });

  it('leaves a form’s check boxes and radio buttons out of figures, and its text as text', async () => {
    const docx = await convert(corpusPath('pdf/pdfbox_acroforms-basic-fields.pdf'));
    expect(media(docx)).toHaveLength(0);
    for (const value of ['DefaultValue', 'Opt01', 'Opt02', 'Opt03']) expect(flat(docx.text)).toContain(value);
  });

  it('draws the charts of a paper as pictures, and keeps their captions as text', async () => {
    const docx = await convert(corpusPath(WHISPER_PAPER));
    const text = flat(docx.text);
    // Page 8: two plots, their axes titled "WER on LibriSpeech test-clean (%)" and "signal-to-noise ratio (dB)",
    // above Figure 5's caption.
    expect(text).not.toContain('test-clean (%)');
    expect(text).not.toContain('signal-to-noise ratio (dB)');
    expect(text).toContain('WER on LibriSpeech test-clean as a function of SNR');
    expect(media(docx).length).toBeGreaterThanOrEqual(8);
    // A figure at the top of a page stops below the running header, which stays the document's header.
    const descriptions = [...docx.xml.matchAll(/<wp:docPr [^>]*descr="([^"]*)"/g)].map((match) => match[1]);
    expect(descriptions.length).toBeGreaterThanOrEqual(8);
    for (const description of descriptions) expect(description).not.toContain('Large-Scale Weak Supervision');
  });

  it('draws the UML diagrams of a data model as pictures, not as tables, its framed chart with its turned axis title, and numbers its front matter in roman', async () => {
    const docx = await convert(corpusPath(UML_MODEL));
    const descriptions = [...docx.xml.matchAll(/<wp:docPr [^>]*descr="([^"]*)"/g)].map((match) =>
      decodeXml(match[1] ?? ''),
    );
    // Pages 6, 7 and 10 to 19: Figure 1's chart, the package diagram and eleven class diagrams (boxes with drop
    // shadows on a coloured ground, in a frame read as a table before).
    expect(
      descriptions.filter((description) => /PointEvents|Mandatory|Hydro/.test(description)).length,
    ).toBeGreaterThanOrEqual(3);
    expect(descriptions.some((description) => description.includes('Number of characteristics'))).toBe(true);
    expect(descriptions.some((description) => description.includes('NRN/NHN Team'))).toBe(true);
    expect(flat(docx.text)).not.toContain('NRN/NHN Team');
    // The revision history of page 3 stays a table; the class diagrams are in no table.
    const tables = docxTables(docx.xml).map((table) => table.flat().join(' '));
    expect(tables[0]).toContain('First draft for discussion with Nova Scotia');
    for (const table of tables) expect(table).not.toMatch(/NRN\/NHN Team|PointEvents/);
    expect(flat(docx.text)).toContain('Figure 1 – Specifications expansion');
    // Its front matter is numbered iii to v in the footer, then the body from 6: the sections number their pages so.
    const numbering = [...docx.xml.matchAll(/<w:pgNumType([^>]*)\/>/g)].map((match) => match[1]?.trim());
    expect(numbering.slice(2, 6)).toEqual([
      'w:start="3" w:fmt="lowerRoman"',
      'w:fmt="lowerRoman"',
      'w:fmt="lowerRoman"',
      'w:start="6"',
    ]);
    expect(docx.text).not.toMatch(/^\s*(iii|iv|v)\s*$/m);
  });
});

describe('pdfToWord formulas', () => {
  it("draws a lecture's matrices, big braces and fractions as pictures with their text as alternative text, and keeps a row of text with primes and indices one line", async () => {
    // The three pages checked, 15, 29 and 50 of its 117, as pages 1 to 3: the other 114 pages prove nothing here.
    const pages = join(ctx.workDir, 'lecture-pages.pdf');
    execFileSync('qpdf', ['--empty', '--pages', corpusPath(GEOMETRY_NOTES), '15,29,50', '--', pages]);
    const docx = await convert(pages);
    const altText = flat(docx.altText);
    const body = flat(docx.text);
    // Page 15: a column vector in big parentheses inside a sentence, and a set in big braces over a sum.
    expect(altText).toContain('O. B. d. A. sei N =');
    expect(body).not.toContain('O. B. d. A. sei N =');
    expect(altText).toMatch(/wobei R\S* = H =/);
    // Page 29: "(b/a)² + (c/a)² < 1", fractions cut by MuPDF into lines that overlap on one row.
    expect(altText).toContain('und (');
    // Page 50: the index under each prime started a new line; the row is one paragraph again.
    expect(body).toMatch(/Sind γ1 ∼ γ′ ?1 und γ2 ∼ γ′ ?2, so ist/);
  });
});

describe('pdfToWord of pages that are mostly picture', () => {
  it('reads a few words beside a picture as text, never by OCR, and keeps the picture: a CMYK photo, a plot', async () => {
    // Issue 31, item 4: fewer than twenty characters on a page mostly under a picture made it a scan; OCR read it,
    // the photo was dropped and the plot's labels lost.
    const path = join(ctx.workDir, 'pictures.pdf');
    await writeFile(
      path,
      await createPicturePagesPdf(await readFile(corpusPath('images/pdflib_cmyk-jpeg_canon-eos.jpg'))),
    );
    const result = await pdfToWord({ file: inputFile(path), options: { language: 'auto' } }, ctx);
    expect(result.report).toEqual({
      values: {
        pageCount: 2,
        pagesWithoutText: 0,
        recognisedPages: '',
        recognisedCount: 0,
        confidence: null,
      },
      notices: [],
    });
    const docx = await readWordDocx(result.path);
    const text = docx.text.replace(/\s+/g, ' ');
    expect(text).toContain(PICTURE_PAGE_WORDS.title);
    for (const label of PICTURE_PAGE_WORDS.labels) expect(text).toContain(label);
    // Both pictures, each as itself: the photo in colour, not the page drawn as a scan.
    const pictures = media(docx);
    expect(pictures).toHaveLength(2);
    const photo = await sharp(docx.entries[pictures[0] as string]).stats();
    expect(photo.isOpaque).toBe(true);
    expect(photo.channels.length).toBeGreaterThanOrEqual(3);
  });
});

describe('pdfToWord of font samples drawn in boxes', () => {
  it('keeps samples of ten faces as text in their faces, not as one picture', async () => {
    // Issue 31, item 4: the boxes' curves made a figure of the samples, drawn as a picture with their words as its
    // alternative text.
    const docx = await convertBuilt('font-samples.pdf', createFontSamplesPdf());
    expect(media(docx)).toEqual([]);
    const lines = docx.text.split('\n').map((line) => line.trim());
    for (const face of FONT_SAMPLES.faces) expect(lines).toContain(face);
    expect(lines.filter((line) => line === FONT_SAMPLES.sentence)).toHaveLength(FONT_SAMPLES.faces.length);
    // The samples keep their faces: roman, bold, italic and bold italic, in a serif, a sans and a typewriter face.
    const samples = (docx.xml.match(/<w:r>(?:(?!<\/w:r>)[\s\S])*?Sphinx[\s\S]*?<\/w:r>/g) ?? []).map(
      (run) => ({
        font: /w:ascii="([^"]+)"/.exec(run)?.[1],
        isBold: run.includes('<w:b/>'),
        isItalic: run.includes('<w:i/>'),
      }),
    );
    expect(new Set(samples.map((sample) => sample.font)).size).toBe(3);
    expect(samples.filter((sample) => sample.isBold && sample.isItalic)).toHaveLength(1);
  });
});
