import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError, type PageBox, type RedactPreview, type ToolOptions } from '@quire/shared';
import { writePdf } from '@quire/test-kit/hostile-pdfs';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { redact } from './redact.ts';

const ctx = useJobContext(120_000);

const NOTHING: ToolOptions<'redact'> = {
  search: [],
  regex: 'false',
  areas: [],
  fill: '#000000',
  preview: 'false',
  skip: [],
};

async function run(source: Buffer | string, options: Partial<ToolOptions<'redact'>>, password?: string) {
  let path = source as string;
  if (Buffer.isBuffer(source)) {
    path = join(ctx.workDir, `source-${Date.now()}-${Math.random()}.pdf`);
    writeFileSync(path, source);
  }
  const result = await redact({ file: inputFile(path, password), options: { ...NOTHING, ...options } }, ctx);
  return { ...result, text: execFileSync('pdftotext', [result.path, '-'], { encoding: 'utf8' }) };
}

/** Every byte of the file with its streams inflated, its strings read as Latin-1 and as UTF-16 both ways. */
function everythingIn(path: string): string {
  const expanded = join(ctx.workDir, `expanded-${Date.now()}.pdf`);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', path, expanded]);
  const bytes = readFileSync(expanded);
  return `${bytes.toString('latin1')}\n${bytes.toString('utf16le')}\n${bytes.subarray(1).toString('utf16le')}`;
}

/** A 16 by 16 red picture (RGB). */
const RED_PIXELS = Buffer.from(
  Array.from({ length: 16 * 16 * 3 }, (_, index) => (index % 3 === 0 ? 255 : 0)),
);

/**
 * A letter page that says "secret plan" in every place a document can: twice on the page (once across a line
 * break), in a layer hidden when it opens, a comment, a form field's value, a bookmark, a script, an attachment, the
 * information dictionary and the XMP; beside words that must stay, a red picture and a drawn square.
 */
function createLeakyPdf(): Buffer {
  const content = [
    'BT /F1 12 Tf 72 720 Td (Keep this Secret plan now) Tj ET',
    'BT /F1 12 Tf 72 700 Td (Another line secret) Tj 0 -14 Td (plan here) Tj ET',
    'q 200 0 0 200 72 400 cm /Im1 Do Q',
    '0 0 1 rg 400 300 50 50 re f',
    '/OC /oc1 BDC BT /F1 12 Tf 72 200 Td (Hidden layer words) Tj ET EMC',
    'BT /F1 12 Tf 72 160 Td (Public closing words) Tj ET',
  ].join('\n');
  return writePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Outlines 9 0 R /PageMode /UseOutlines /OpenAction 11 0 R' +
        ' /Names << /JavaScript << /Names [(go) 11 0 R] >> /EmbeddedFiles << /Names [(notes.txt) 12 0 R] >> >>' +
        ' /Metadata 14 0 R /AcroForm << /Fields [15 0 R] >> /OCProperties << /OCGs [8 0 R] /D << /OFF [8 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Annots [7 0 R 15 0 R]' +
        ' /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> /Properties << /oc1 8 0 R >> >> >>',
      { dict: '<< >>', stream: Buffer.from(content) },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      {
        dict: '<< /Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>',
        stream: RED_PIXELS,
      },
      '<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (Reminder: the Secret plan) >>',
      '<< /Type /OCG /Name (Drafts) >>',
      '<< /Type /Outlines /First 10 0 R /Last 10 0 R /Count 1 >>',
      '<< /Title (The secret plan) /Parent 9 0 R /Dest [3 0 R /Fit] >>',
      '<< /S /JavaScript /JS (app.alert\\("secret plan"\\)) >>',
      '<< /Type /Filespec /F (notes.txt) /EF << /F 13 0 R >> >>',
      { dict: '<< /Type /EmbeddedFile >>', stream: Buffer.from('the secret plan in full') },
      {
        dict: '<< /Type /Metadata /Subtype /XML >>',
        stream: Buffer.from(
          '<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:title>Secret plan</dc:title></x:xmpmeta>',
        ),
      },
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (codename) /V (secret plan) /Rect [300 100 500 120] /P 3 0 R >>',
      '<< /Title (Secret plan) /Author (Agent) >>',
    ],
    '/Root 1 0 R /Info 16 0 R',
  );
}

/** A box on a letter page from its rectangle in the page's own points (origin at its bottom left). */
function letterBox(page: number, x0: number, y0: number, x1: number, y1: number): PageBox {
  return { page, x: x0 / 612, y: (792 - y1) / 792, width: (x1 - x0) / 612, height: (y1 - y0) / 792 };
}

/** The first picture of a result's first page, decoded: its pixels as RGB. */
function firstImagePixels(path: string): { width: number; pixels: Uint8ClampedArray } {
  const pdf = new mupdf.PDFDocument(readFileSync(path));
  try {
    const xobjects = pdf.findPage(0).get('Resources', 'XObject');
    let pixmap: mupdf.Pixmap | null = null;
    xobjects.forEach((value) => {
      if (!pixmap && value.get('Subtype').asName() === 'Image') pixmap = pdf.loadImage(value).toPixmap();
    });
    if (!pixmap) throw new Error('no picture');
    const rgb = (pixmap as mupdf.Pixmap).convertToColorSpace(mupdf.ColorSpace.DeviceRGB);
    return { width: rgb.getWidth(), pixels: rgb.getPixels() };
  } finally {
    pdf.destroy();
  }
}

/** Three lines that break "well-known" at its own hyphen and "plain-ly" with one, and words that stay. */
function createHyphenatedPdf(): Buffer {
  const content =
    'BT /F1 12 Tf 72 720 Td (A well-) Tj 0 -14 Td (known word, said plain-) Tj 0 -14 Td (ly. It stays) Tj ET';
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    { dict: '<< >>', stream: Buffer.from(content) },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

describe('redact', () => {
  it('removes the words from the text, every stream and the metadata, and keeps the rest', async () => {
    const result = await run(createLeakyPdf(), { search: ['secret plan'] });
    expect(result.report.values).toEqual({ pageCount: 1, matches: 2, areas: 0, preview: 'false' });
    expect(result.report.notices).toEqual([]);
    expect(result.text).not.toMatch(/secret|plan now|line secret/i);
    for (const kept of ['Keep this', 'now', 'Another line', 'here', 'Public closing words']) {
      expect(result.text).toContain(kept);
    }
    const everything = everythingIn(result.path);
    expect(everything).not.toMatch(/secret/i);
    // The hidden layer's words, the script, the attachment and the bookmarks are gone too.
    expect(everything).not.toMatch(/Hidden layer words|JavaScript|EmbeddedFile|Outlines|notes\.txt/);
    const info = execFileSync('pdfinfo', ['-meta', result.path], { encoding: 'utf8' });
    expect(info).not.toMatch(/Title|Author|xmpmeta/);
    // The drawn square and the picture away from the words stay.
    expect(everything).toMatch(/400 300 50 50 re/);
    expect(firstImagePixels(result.path).pixels[0]).toBe(255);
  });

  it('cuts the pixels of a picture under a box, and draws the box in its fill colour', async () => {
    // The left half of the picture (drawn at 72-272 by 400-600 points).
    const box = letterBox(1, 72, 400, 172, 600);
    const result = await run(createLeakyPdf(), { areas: [box], fill: '#00ff00' });
    expect(result.report.values).toMatchObject({ matches: 0, areas: 1 });
    const { width, pixels } = firstImagePixels(result.path);
    const red = (x: number, y: number) =>
      pixels[(y * width + x) * 3] === 255 && pixels[(y * width + x) * 3 + 1] === 0;
    expect(red(2, 8)).toBe(false);
    expect(red(13, 8)).toBe(true);
    const pdf = new mupdf.PDFDocument(readFileSync(result.path));
    const seen = pdf.loadPage(0).toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB);
    const at = (x: number, y: number) => [
      ...seen.getPixels().subarray((y * seen.getWidth() + x) * 3, (y * seen.getWidth() + x) * 3 + 3),
    ];
    expect(at(120, 292)).toEqual([0, 255, 0]);
    pdf.destroy();
  });

  it('finds a phrase across a line break, and reports no match with a notice, not an error', async () => {
    const found = await run(createLeakyPdf(), { search: ['ANOTHER   line secret plan'] });
    expect(found.report.values).toMatchObject({ matches: 1 });
    expect(found.text).not.toMatch(/Another|plan here/);
    expect(found.text).toContain('here');
    const none = await run(createLeakyPdf(), { search: ['nowhere to be found'] });
    expect(none.report.values).toMatchObject({ matches: 0, areas: 0 });
    expect(none.report.notices).toEqual([{ code: 'NO_MATCHES' }]);
    expect(none.text).toContain('Secret plan');
  });

  it('finds a word broken by a hyphen at a line end, and a compound broken at its own hyphen', async () => {
    // The Constitution's two columns break "Con-gress" and "Presi-dent" across lines nine times; pdftotext joins
    // such words back, as a reader does.
    const found = await run(corpusPath('pdf/pdflib_us-constitution_19p.pdf'), {
      search: ['congress', 'president'],
    });
    expect(found.text).not.toMatch(/congress|president/i);
    expect(found.text).not.toMatch(/\b(Con|Presi)-$/m);
    // Another word broken after "Con-" stays whole.
    expect(found.text).toContain('Consequence of Appropriations');
    const compound = await run(createHyphenatedPdf(), { search: ['well-known', 'plainly'] });
    expect(compound.report.values).toMatchObject({ matches: 2 });
    expect(compound.text).not.toMatch(/well|known|plain|ly|-/);
    expect(compound.text).toContain('stays');
  });

  it('reads a search as regular expressions with regex=true', async () => {
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      {
        dict: '<< >>',
        stream: Buffer.from('BT /F1 12 Tf 72 720 Td (Call 555-0100 or 555-0199 today) Tj ET'),
      },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
    const result = await run(pdf, { search: ['\\d{3}-\\d{4}'], regex: 'true' });
    expect(result.report.values).toMatchObject({ matches: 2 });
    expect(result.text).not.toMatch(/\d/);
    expect(result.text).toMatch(/Call\s+or\s+today/);
  });

  it('lands a box on a turned page where the page is seen', async () => {
    // Turned a quarter clockwise: its points (0, 0) are seen at the top left, and a line at (72, 72) runs downwards.
    const pdf = writePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      {
        dict: '<< >>',
        stream: Buffer.from(
          'BT /F1 12 Tf 72 72 Td (Corner words) Tj ET BT /F1 12 Tf 300 600 Td (Middle words) Tj ET',
        ),
      },
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
    // Seen 792 wide by 612 high: the top left sixth of its width and third of its height.
    const result = await run(pdf, {
      areas: [{ page: 1, x: 0, y: 0, width: 0.15, height: 0.33 }],
      fill: '#ff0000',
    });
    expect(result.text).not.toContain('Corner');
    expect(result.text).toContain('Middle words');
    const out = new mupdf.PDFDocument(readFileSync(result.path));
    const seen = out.loadPage(0).toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB);
    expect([seen.getWidth(), seen.getHeight()]).toEqual([792, 612]);
    const at = (x: number, y: number) => [
      ...seen.getPixels().subarray((y * 792 + x) * 3, (y * 792 + x) * 3 + 3),
    ];
    expect(at(60, 100)).toEqual([255, 0, 0]);
    expect(at(200, 100)).toEqual([255, 255, 255]);
    expect(at(60, 300)).toEqual([255, 255, 255]);
    out.destroy();
  });

  it('finds Arabic, Chinese and Japanese words, and a Japanese phrase across a line break', async () => {
    const multilingual = await run(corpusPath('pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf'), {
      search: ['مرحبا', '你好', 'こんにちは'],
    });
    expect(multilingual.report.values).toMatchObject({ matches: 3 });
    expect(multilingual.text).not.toMatch(/مرحبا|你好|こんにちは/);
    for (const kept of ['بالعالم', '世界', 'Hello World', 'Привет'])
      expect(multilingual.text).toContain(kept);
    const japanese = await run(corpusPath('pdf/pdfjs_japanese-text_issue16538.pdf'), {
      search: ['リスク中立確率'],
    });
    expect(japanese.report.values.matches).toBeGreaterThanOrEqual(2);
    expect(japanese.text.replace(/\s/g, '')).not.toContain('リスク中立確率');
    expect(japanese.text.replace(/\s/g, '')).toContain('標準マーケットモデル');
  });

  it('finds words on pages turned a quarter, a half and three quarters', async () => {
    const source = corpusPath('pdf/pysamples_arabic-habibi_rotated-90-180-270.pdf');
    const before =
      execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' }).match(/habibi/g)?.length ?? 0;
    const result = await run(source, { search: ['HABIBI'] });
    expect(before).toBeGreaterThanOrEqual(4);
    expect(result.report.values.matches).toBe(before);
    expect(result.text).not.toMatch(/habibi/i);
    expect(result.text).toMatch(/\p{Script=Arabic}/u);
  });

  it('opens a protected file with its password and writes the result without one', async () => {
    const result = await run(
      corpusPath('pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf'),
      { areas: [{ page: 2, x: 0, y: 0, width: 1, height: 0.5 }] },
      'view',
    );
    expect(result.report.values).toEqual({ pageCount: 30, matches: 0, areas: 1, preview: 'false' });
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
    expect(isEncrypted(result.path)).toBe(false);
  });

  it('with nothing to find, removes only what the document carries beside its pages', async () => {
    const result = await run(createLeakyPdf(), {});
    expect(result.report).toEqual({
      values: { pageCount: 1, matches: 0, areas: 0, preview: 'false' },
      notices: [],
    });
    expect(result.text).toContain('Keep this Secret plan now');
    expect(everythingIn(result.path)).not.toMatch(
      /Hidden layer words|JavaScript|EmbeddedFile|Outlines|xmpmeta/,
    );
  });

  it('refuses a box past the last page', async () => {
    const past = run(createLeakyPdf(), { areas: [{ page: 2, x: 0, y: 0, width: 1, height: 1 }] });
    await expect(past).rejects.toBeInstanceOf(AppError);
    await expect(past).rejects.toMatchObject({ code: 'INVALID_OPTIONS', details: { item: 1 } });
  });

  it('lists every match without removing any, numbered as a redaction that skips some by number leaves them', async () => {
    const path = join(ctx.workDir, 'leaky-preview.pdf');
    writeFileSync(path, createLeakyPdf());
    const options = { ...NOTHING, search: ['secret plan'] };
    const listed = await redact({ file: inputFile(path), options: { ...options, preview: 'true' } }, ctx);
    expect(listed.report.values).toEqual({ pageCount: 1, matches: 2, areas: 0, preview: 'true' });
    const preview = JSON.parse(readFileSync(listed.path, 'utf8')) as RedactPreview;
    expect(preview.matchCount).toBe(2);
    const [first, second] = preview.matches;
    expect(first).toMatchObject({ number: 1, page: 1, text: 'Secret plan' });
    expect(first?.before).toMatch(/Keep this $/);
    expect(first?.after).toMatch(/^ now/);
    // Across a line break, one match of two lines, a box on each.
    expect(second).toMatchObject({ number: 2, page: 1, text: 'secret plan' });
    expect(second?.after).toMatch(/^ here/);
    expect(second?.boxes).toHaveLength(2);
    // The first box lies where the first line is written: 720 points up a 792-point page, from 72 points in.
    const [box] = first?.boxes ?? [];
    expect(box?.y).toBeGreaterThan((792 - 735) / 792);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan((792 - 712) / 792);
    expect(box?.x).toBeGreaterThan(72 / 612);

    const skipped = await run(path, { search: ['secret plan'], skip: [1, 7] });
    expect(skipped.report.values).toEqual({ pageCount: 1, matches: 1, areas: 0, preview: 'false' });
    expect(skipped.text).toContain('Keep this Secret plan now');
    expect(skipped.text).not.toMatch(/line secret|plan here/i);
    expect(skipped.text).toContain('Another line');
  });
});
