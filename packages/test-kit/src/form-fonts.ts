import * as mupdf from 'mupdf';

/** Debian's fonts-noto-core and fonts-noto-cjk (packages Quire installs to serve). */
const NOTO_DIR = '/usr/share/fonts/truetype/noto';
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * A Japanese page as a program that embeds whole fonts writes it: Noto Sans CJK JP (OpenType with CFF outlines,
 * 15 MB) embedded whole as FontFile3 /OpenType in a Type 0 font, with a ToUnicode map.
 */
export function createJapanesePagePdf(): Buffer {
  const pdf = new mupdf.PDFDocument();
  const font = new mupdf.Font('NotoSansCJKjp', NOTO_CJK, 0);
  const resources = pdf.newDictionary();
  const fonts = pdf.newDictionary();
  fonts.put('F1', pdf.addFont(font));
  resources.put('Font', fonts);
  const lines = ['日本語のテキストです。', '圧縮しても文字は同じです。'];
  const content = lines
    .map((line, index) => `BT /F1 24 Tf 72 ${720 - index * 40} Td <${glyphsOf(font, line)}> Tj ET`)
    .join('\n');
  pdf.insertPage(-1, pdf.addPage([0, 0, 595, 842], 0, resources, content));
  const bytes = Buffer.from(pdf.saveToBuffer('compress').asUint8Array());
  pdf.destroy();
  return bytes;
}

function glyphsOf(font: mupdf.Font, text: string): string {
  return [...text].map((char) => font.encodeCharacter(char).toString(16).padStart(4, '0')).join('');
}

/**
 * A Hebrew page with a form, as a program that embeds whole fonts writes it (pdf-lib, MuPDF itself): the page's
 * text in Noto Sans Hebrew, and a text field whose default font (/AcroForm /DR) is Noto Sans Hebrew Bold, filled in
 * and drawn with it. Both fonts are embedded whole (Type 0, Identity-H, a ToUnicode map).
 */
export function createHebrewFormPdf(): Buffer {
  const pdf = new mupdf.PDFDocument();
  const pageFont = new mupdf.Font('NotoSansHebrew', `${NOTO_DIR}/NotoSansHebrew-Regular.ttf`);
  const fieldFont = new mupdf.Font('NotoSansHebrewBold', `${NOTO_DIR}/NotoSansHebrew-Bold.ttf`);
  const pageFontRef = pdf.addFont(pageFont);
  const fieldFontRef = pdf.addFont(fieldFont);
  const glyphs = glyphsOf;

  const lines = ['שלום עולם', 'טופס לדוגמה', 'שם מלא'];
  const content = lines
    .map((line, index) => `BT /F1 24 Tf 72 ${720 - index * 40} Td <${glyphs(pageFont, line)}> Tj ET`)
    .join('\n');
  const resources = pdf.newDictionary();
  const fonts = pdf.newDictionary();
  fonts.put('F1', pageFontRef);
  resources.put('Font', fonts);
  const page = pdf.addPage([0, 0, 595, 842], 0, resources, content);
  pdf.insertPage(-1, page);
  const pageRef = pdf.findPage(0);

  const apResources = pdf.newDictionary();
  const apFonts = pdf.newDictionary();
  apFonts.put('Heb', fieldFontRef);
  apResources.put('Font', apFonts);
  const apDict = pdf.newDictionary();
  apDict.put('Type', pdf.newName('XObject'));
  apDict.put('Subtype', pdf.newName('Form'));
  apDict.put('BBox', rect(pdf, [0, 0, 200, 30]));
  apDict.put('Resources', apResources);
  const appearance = pdf.addStream(
    `/Tx BMC BT /Heb 14 Tf 0 g 4 9 Td <${glyphs(fieldFont, 'דנה')}> Tj ET EMC`,
    apDict,
  );

  const widget = pdf.newDictionary();
  widget.put('Type', pdf.newName('Annot'));
  widget.put('Subtype', pdf.newName('Widget'));
  widget.put('FT', pdf.newName('Tx'));
  widget.put('T', pdf.newString('name'));
  widget.put('V', pdf.newString('דנה'));
  widget.put('DA', pdf.newString('/Heb 14 Tf 0 g'));
  widget.put('Rect', rect(pdf, [72, 560, 272, 590]));
  widget.put('P', pageRef);
  const normal = pdf.newDictionary();
  normal.put('N', appearance);
  widget.put('AP', normal);
  const widgetRef = pdf.addObject(widget);
  const annots = pdf.newArray();
  annots.push(widgetRef);
  pageRef.put('Annots', annots);

  const acroForm = pdf.newDictionary();
  const fields = pdf.newArray();
  fields.push(widgetRef);
  acroForm.put('Fields', fields);
  const dr = pdf.newDictionary();
  const drFonts = pdf.newDictionary();
  drFonts.put('Heb', fieldFontRef);
  dr.put('Font', drFonts);
  acroForm.put('DR', dr);
  acroForm.put('DA', pdf.newString('/Heb 14 Tf 0 g'));
  pdf.getTrailer().get('Root').put('AcroForm', pdf.addObject(acroForm));
  const bytes = Buffer.from(pdf.saveToBuffer('compress').asUint8Array());
  pdf.destroy();
  return bytes;
}

function rect(pdf: mupdf.PDFDocument, values: readonly number[]): mupdf.PDFObject {
  const array = pdf.newArray();
  for (const value of values) array.push(value);
  return array;
}
