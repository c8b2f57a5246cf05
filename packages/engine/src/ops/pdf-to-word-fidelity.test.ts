import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { convertBuiltToWord, convertToWord } from '../../test/convert-to-word.ts';
import { createJobContext, inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { stopWarmOffice } from '../libreoffice/warm-office.ts';
import { createLinkedPdf, LINKED_PDF_ADDRESS } from '../../test/linked-pdfs.ts';
import { createShadedPdf } from '../../test/shaded-pdfs.ts';
import { createSoftMaskedImagePdf, createSpotColourImagePdf } from '../../test/spot-colour-pdfs.ts';
import {
  createSidewaysPagePdf,
  createTableWithTurnedHeadersPdf,
  SIDEWAYS_LINES,
  TURNED_HEADERS,
} from '../../test/turned-pdfs.ts';
import {
  createVerticalJapanesePdf,
  createVerticalModeJapanesePdf,
  TURNED_LATIN_WORDS,
  VERTICAL_PARAGRAPHS,
} from '../../test/vertical-pdfs.ts';
import {
  docxText,
  externalTargets,
  hyperlinks,
  partText,
  readWordDocx,
  type Docx,
} from '../../test/word-docx.ts';
import { pdfToWord } from './pdf-to-word.ts';
import { wordToPdf } from './word-to-pdf.ts';

const ctx = useJobContext(120_000);
const NO_OPTIONS = { language: 'auto' } as const;
const WHISPER_PAPER = 'pdf/pdf2docx_whisper-paper_28p-linearized.pdf';
const DEMO_PAPER = 'pdf/pdf2docx_demo_text-images-6p.pdf';
const TAX_FORM = 'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf';
/** English Metric Units in a point. */
const EMU_PER_POINT = 12_700;

const convertFile = (path: string) => convertToWord(ctx, path);
const convertBuilt = (name: string, pdf: Buffer) => convertBuiltToWord(ctx, name, pdf);

/**
 * The conversions several tests assert on (the Whisper and demo papers, the tax form at each /Rotate) are made once
 * for the whole file, in a directory of their own, and kept: each test used to convert its file again.
 */
let shared: Awaited<ReturnType<typeof createJobContext>> | undefined;
const conversions = new Map<string, Promise<{ path: string; docx: Docx }>>();
function convertOnce(key: string, makePdf: (workDir: string) => Promise<string>) {
  let conversion = conversions.get(key);
  if (!conversion) {
    conversion = (async () => {
      shared ??= await createJobContext(120_000);
      // A directory of its own: the op writes every .docx under one name, and the tax form's is read again.
      const job = { ...shared, workDir: await mkdtemp(join(shared.workDir, 'job-')) };
      const source = await makePdf(job.workDir);
      const result = await pdfToWord({ file: inputFile(source), options: NO_OPTIONS }, job);
      return { path: result.path, docx: await readWordDocx(result.path) };
    })();
    conversions.set(key, conversion);
  }
  return conversion;
}
const convertCorpusOnce = async (name: string) =>
  (await convertOnce(name, async () => corpusPath(name))).docx;
/**
 * The tax form with each page's /Rotate set to `rotate`, converted once. Where its pages already carry that /Rotate
 * (0, in the corpus), the corpus file itself is converted, once for the tests of its grid at that angle and the test
 * of its boxes: each used to convert it (or a copy of it that MuPDF had written again) on its own.
 */
const convertTaxFormOnce = (rotate: number) =>
  convertOnce(`tax-form-${rotate}`, async (workDir) => {
    const turned = await rotatedTaxForm(rotate);
    if (turned === undefined) return corpusPath(TAX_FORM);
    const source = join(workDir, `tax-form-${rotate}.pdf`);
    await writeFile(source, turned);
    return source;
  });

/** The tax form with each page's /Rotate set to `rotate`, or nothing when every page has it already. */
async function rotatedTaxForm(rotate: number): Promise<Buffer | undefined> {
  const form = new mupdf.PDFDocument(await readFile(corpusPath(TAX_FORM)));
  try {
    const pages = Array.from({ length: form.countPages() }, (_, index) => form.findPage(index));
    if (pages.every((page) => page.getInheritable('Rotate').asNumber() === rotate)) return undefined;
    for (const page of pages) page.put('Rotate', rotate);
    return Buffer.from(form.saveToBuffer('').asUint8Array());
  } finally {
    form.destroy();
  }
}

afterAll(async () => {
  await stopWarmOffice();
  await shared?.dispose();
});

/** The text of the paragraph that begins with the bookmark `name`, after the bookmark. */
const bookmarkedText = (xml: string, name: string | undefined) =>
  docxText(
    new RegExp(`<w:bookmarkStart [^>]*w:name="${name}"[^>]*/>([\\s\\S]*?)</w:p>`).exec(xml)?.[1] ?? '',
  );

describe('pdfToWord links', () => {
  it('makes links Word hyperlinks: web addresses, and places in the document through bookmarks', async () => {
    const docx = await convertBuilt('linked.pdf', createLinkedPdf());
    const links = hyperlinks(docx.xml);
    expect(links.map((link) => link.text)).toEqual(['Read the guide online', 'Jump to the results']);
    const [web, place] = links;
    expect(externalTargets(docx).get(web?.relation ?? '')).toBe(LINKED_PDF_ADDRESS);
    // The bookmark stands at the start of the paragraph the destination points at, on page 2.
    expect(bookmarkedText(docx.xml, place?.anchor).trim()).toBe('Results');
    // A JavaScript action is no link; its text stays.
    expect(docx.text).toContain('Run the script');
  });

  it('keeps the links of a paper: its citations lead to its references, its addresses to the web', async () => {
    const docx = await convertCorpusOnce(WHISPER_PAPER);
    const links = hyperlinks(docx.xml);
    const bookmarks = new Set(
      [...docx.xml.matchAll(/<w:bookmarkStart [^>]*w:name="([^"]+)"/g)].map((m) => m[1]),
    );
    const internal = links.filter((link) => link.anchor);
    // 273 link annotations into the paper and 44 out of it, some over no text or split in two by hyperref.
    expect(internal.length).toBeGreaterThan(240);
    expect(links.length - internal.length).toBeGreaterThan(30);
    expect(internal.filter((link) => !bookmarks.has(link.anchor))).toEqual([]);
    // "Radford et al." in the text leads to the entry of the two-column reference list that begins with the author.
    const radford = internal.find((link) => link.text === 'Radford et al.');
    expect(bookmarkedText(docx.xml, radford?.anchor)).toMatch(/^Radford, A\./);
    // The code's address, on the word "whisper" where the abstract links it.
    const targets = externalTargets(docx);
    const code = links.find(
      (link) => targets.get(link.relation ?? '') === 'https://github.com/openai/whisper',
    );
    expect(code?.text).toMatch(/whisper/);
  });

  it('gives a title page without the running title a header of its own', async () => {
    const docx = await convertCorpusOnce(WHISPER_PAPER);
    expect(docx.xml).toContain('<w:titlePg/>');
    const relations = partText(docx, 'word/_rels/document.xml.rels');
    const headerText = (type: 'first' | 'default') => {
      const id = new RegExp(`<w:headerReference w:type="${type}" r:id="([^"]+)"`).exec(docx.xml)?.[1];
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(relations)?.[1];
      return docxText(partText(docx, `word/${target}`));
    };
    expect(headerText('default')).toContain('Robust Speech Recognition via Large-Scale Weak Supervision');
    expect(headerText('first')).not.toContain('Robust Speech Recognition');
  });
});

describe('pdfToWord of a page drawn sideways', () => {
  it('reads it turned, as one landscape page of lines with their spaces', async () => {
    const docx = await convertBuilt('sideways.pdf', createSidewaysPagePdf());
    expect(docx.xml.match(/<w:pgSz [^>]*>/g)).toEqual([expect.stringContaining('w:orient="landscape"')]);
    const paragraphs = docx.text
      .split('\n')
      .map((text) => text.trim())
      .filter((text) => text !== '');
    expect(paragraphs.join(' ')).toBe(SIDEWAYS_LINES.join(' '));
  });
});

describe('pdfToWord of turned text in a table', () => {
  it('writes header cells whose words run up the page in that direction', async () => {
    const docx = await convertBuilt('turned-headers.pdf', createTableWithTurnedHeadersPdf());
    const cells = docx.xml.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? [];
    const turned = cells.filter((cell) => cell.includes('<w:textDirection w:val="btLr"/>'));
    expect(turned.map((cell) => docxText(cell).trim())).toEqual(TURNED_HEADERS);
    expect(cells).toHaveLength(12);
    expect(docx.text).toContain('Figures of the year');
  });
});

describe('pdfToWord pictures', () => {
  it('places a picture by what it shows: in its column without its white margin, and three in a row side by side', async () => {
    const docx = await convertCorpusOnce(DEMO_PAPER);
    // Figure 1 is drawn 302 pt wide in a 253 pt column, its last 50 pt blank under the next column's text.
    const beforeCaption = docx.xml.slice(0, docx.xml.indexOf('Fig. 1.'));
    const width = Number([...beforeCaption.matchAll(/<wp:extent cx="(\d+)"/g)].at(-1)?.[1]);
    expect(width / EMU_PER_POINT).toBeGreaterThan(190);
    expect(width / EMU_PER_POINT).toBeLessThan(260);
    // Figure 3's three plots stand on one row, the middle one across the gutter between the columns.
    const paragraphs = docx.xml.match(/<w:p>[\s\S]*?<\/w:p>/g) ?? [];
    expect(paragraphs.some((paragraph) => paragraph.match(/<w:drawing>/g)?.length === 3)).toBe(true);
  });
});

describe('pdfToWord pages', () => {
  it('ends each page and stripe with a paragraph that takes no room, so that a full page does not spill', async () => {
    const docx = await convertCorpusOnce(DEMO_PAPER);
    const breaks = docx.xml.match(/<w:p><w:pPr>(?:(?!<\/w:p>)[\s\S])*?<w:sectPr>/g) ?? [];
    expect(breaks.length).toBeGreaterThanOrEqual(5);
    for (const paragraph of breaks) expect(paragraph).toContain('w:line="1" w:lineRule="exact"');
  });
});

describe('pdfToWord running heads', () => {
  it('writes a footer row left to right: the title, then the page number a little higher on the right', async () => {
    const docx = await convertFile(corpusPath('pdf/pdflib_us-constitution_19p.pdf'));
    const footer = Object.entries(docx.entries)
      .filter(([name]) => /^word\/footer\d+\.xml$/.test(name))
      .map(([, data]) => new TextDecoder().decode(data))
      .find((xml) => xml.includes('CONSTITUTION OF THE UNITED STATES'));
    expect(footer).toBeDefined();
    expect(footer?.indexOf('CONSTITUTION')).toBeLessThan(footer?.indexOf('PAGE') ?? -1);
  });
});

describe('pdfToWord running links', () => {
  it("keeps a book's running address a link in the even pages' footers, and its chapters' running heads in theirs", async () => {
    const docx = await convertFile(corpusPath('pdf/pdfjs_freeculture-book_352p.pdf'));
    const footers = Object.entries(docx.entries)
      .filter(([name]) => /^word\/footer\d+\.xml$/.test(name))
      .map(([, data]) => new TextDecoder().decode(data));
    // The PDF's link covers "http://free-" of the address (its target is the producer's own). Each chapter's pages
    // have footers of their own, the address in each even one.
    const withAddress = footers.filter((xml) => docxText(xml).includes('free-culture.org/get-it'));
    expect(withAddress.length).toBeGreaterThan(10);
    for (const xml of withAddress) expect(hyperlinks(xml).length).toBeGreaterThan(0);
    expect(docx.xml).not.toContain('free-culture.org/get-it');
    // "“PIRACY” 79" at the foot of the odd pages of chapter "Piracy", its number a page-number field; and the lone
    // number below each chapter's first page.
    const piracy = footers.find((xml) => docxText(xml).includes('“PIRACY”'));
    expect(piracy).toContain('PAGE');
    expect(docxText(docx.xml)).not.toMatch(/“PIRACY” (19|23|25)\b/);
    expect(docxText(docx.xml)).not.toMatch(/^\s*31\s*$/m);
  }, 120_000);
});

describe('pdfToWord colour', () => {
  it('writes an image in a spot colour in that colour, not as black', async () => {
    const docx = await convertBuilt('spot.pdf', createSpotColourImagePdf());
    const media = Object.keys(docx.entries).filter((name) => /^word\/media\/./.test(name));
    expect(media).toHaveLength(1);
    const { data, info } = await sharp(docx.entries[media[0] as string])
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
    const [red = 0, green = 0, blue = 0] = pixel(0);
    // Full tint: cyan (little red, much green and blue); no ink: white.
    expect(red).toBeLessThan(80);
    expect(Math.min(green, blue)).toBeGreaterThan(120);
    expect(Math.min(...pixel(info.width / 2))).toBeGreaterThan(230);
  });

  it('keeps an image’s soft mask as transparency: what it hides stays unseen, not black', async () => {
    const docx = await convertBuilt('soft-mask.pdf', createSoftMaskedImagePdf());
    const media = Object.keys(docx.entries).filter((name) => /^word\/media\/./.test(name));
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(/\.png$/);
    const { data, info } = await sharp(docx.entries[media[0] as string])
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number) => data[x * info.channels + 3];
    expect(info.channels).toBe(4);
    expect(alphaAt(0)).toBe(255);
    expect(alphaAt(info.width / 2)).toBe(0);
  });

  it('keeps colour behind text: a bar as paragraph shading, a marker as run shading, a highlight as a highlight', async () => {
    const { xml } = await convertBuilt('shaded.pdf', createShadedPdf());
    const paragraphs = xml.match(/<w:p>[\s\S]*?<\/w:p>/g) ?? [];
    const paragraph = (text: string) => paragraphs.find((part) => docxText(part).trim() === text) ?? '';
    const runs = (part: string) =>
      (part.match(/<w:r>[\s\S]*?<\/w:r>/g) ?? []).map((run) => ({
        text: docxText(run),
        fill: /<w:shd [^>]*w:fill="([0-9A-F]{6})"/.exec(run)?.[1],
        highlight: /<w:highlight w:val="(\w+)"/.exec(run)?.[1],
      }));

    const bar = paragraph('Section bar title');
    expect(/<w:pPr>[\s\S]*<w:shd [^>]*w:fill="3366CC"[\s\S]*<\/w:pPr>/.test(bar)).toBe(true);
    expect(runs(bar).every((run) => run.fill === undefined)).toBe(true);
    expect(runs(paragraph('Some marked words here'))).toEqual([
      { text: 'Some ', fill: undefined, highlight: undefined },
      { text: 'marked', fill: 'FFE600', highlight: undefined },
      { text: ' words here', fill: undefined, highlight: undefined },
    ]);
    expect(runs(paragraph('Highlighted by a reader'))).toEqual([
      { text: 'Highlighted by a reader', fill: undefined, highlight: 'yellow' },
    ]);
    expect(paragraph('Nothing shaded here')).not.toMatch(/<w:shd|<w:highlight/);
  });
});

describe('pdfToWord vertical text', () => {
  it('reads a page of vertical Japanese column by column, right to left, and writes it as vertical text', async () => {
    const docx = await convertFile(await createVerticalJapanesePdf(ctx.workDir));
    const text = docx.text.replace(/\s+/g, '');
    for (const paragraph of VERTICAL_PARAGRAPHS) expect(text).toContain(paragraph);
    expect(text.indexOf(VERTICAL_PARAGRAPHS[1])).toBeGreaterThan(text.indexOf(VERTICAL_PARAGRAPHS[0]));
    // An upright A4 page whose lines run top to bottom.
    expect(docx.xml).toMatch(/<w:pgSz w:w="11906" w:h="16838" w:orient="portrait"\/>/);
    expect(docx.xml).toContain('<w:textDirection w:val="tbRl"/>');
  });

  it('keeps a vertical page with Latin words turned in its columns one upright page of vertical text', async () => {
    // Issue 31, item 4: the turned Latin was all the text that did not run top to bottom, and it turned the page
    // on its side: two landscape pages for one.
    const source = join(ctx.workDir, 'vertical-mode.pdf');
    await writeFile(source, createVerticalModeJapanesePdf());
    const result = await pdfToWord({ file: inputFile(source), options: NO_OPTIONS }, ctx);
    const docx = await readWordDocx(result.path);
    expect(docx.xml.match(/<w:pgSz [^>]*>/g)).toEqual([
      expect.stringMatching(/w:w="11900" w:h="16840" w:orient="portrait"/),
    ]);
    expect(docx.xml).toContain('<w:textDirection w:val="tbRl"/>');
    const text = docx.text.replace(/\s+/g, '');
    for (const paragraph of VERTICAL_PARAGRAPHS) expect(text).toContain(paragraph);
    expect(text).toContain(TURNED_LATIN_WORDS.replace(/\s+/g, ''));
    const back = await wordToPdf({ file: inputFile(result.path), options: {} }, ctx);
    expect(qpdfPageCount(back.path)).toBe(1);
  });
});

describe('pdfToWord of a tax form', () => {
  it('keeps a box inside the grid of its rows in the same section, apart from the grid, and leaves out its braces', async () => {
    // The corpus form as it is (its pages at /Rotate 0), converted once for this test and those below.
    const { docx } = await convertTaxFormOnce(0);
    // Lines 15a and 16a's boxes stand inside the rows' grid of page 1: after it, in its section, a table of its own.
    const grid = docx.xml.indexOf('Wages, salaries, tips');
    const boxes = docx.xml.indexOf('>15a<', docx.xml.indexOf('</w:tbl>', grid));
    expect(boxes).toBeGreaterThan(grid);
    expect(docx.xml.slice(grid, boxes)).not.toContain('<w:sectPr');
    expect(docx.xml).not.toMatch(/<\/w:tbl>\s*<w:tbl>/);
    // The brace grouping "You were born …" and "Spouse was born …" on page 2 is no paragraph of its own.
    expect(docx.text).not.toMatch(/^\s*[{}]\s*$/m);
  });

  it.each([0, 90])(
    'sets "PRINT CLEARLY", spelled down the side of the name grid, beside the grid (pages at /Rotate %i)',
    async (rotate) => {
      // The corpus form's pages carry /Rotate 0; turned a quarter, they read sideways and are turned back upright.
      const { docx } = await convertTaxFormOnce(rotate);
      // Set one letter a line above the grid, they pushed it 80 points down the page, and page 1's foot onto another.
      const names = docx.xml.indexOf('Your first name and initial');
      const grid = docx.xml.slice(docx.xml.lastIndexOf('<w:tbl>', names), names);
      expect(docxText(grid).replace(/\s/g, '')).toBe('RINTCLEARL');
      expect(docx.xml.match(/<w:pgSz [^>]*>/g)?.every((size) => size.includes('portrait'))).toBe(true);
    },
  );

  it.each([0, 90])(
    'comes back from Word as two pages for two, each page one page (pages at /Rotate %i)',
    async (rotate) => {
      // Issue 30, item 8: the first page's rows, set one under the other where the PDF overlaps them (three rows
      // beside a brace, a grid's headers over two lines), ran 60 points past the paper: three pages for two.
      const docx = await convertTaxFormOnce(rotate);
      const back = await wordToPdf({ file: inputFile(docx.path), options: {} }, ctx);
      expect(qpdfPageCount(back.path)).toBe(2);
      // Every row of page 1 comes back on page 1, its footer line too.
      const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', back.path, '-'], {
        encoding: 'utf8',
      });
      expect(firstPage).toContain('adjusted gross income');
      expect(firstPage).toContain('Cat. No. 11320B');
    },
  );
});
