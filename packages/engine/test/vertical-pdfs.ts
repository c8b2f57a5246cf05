import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convertToPdf } from '@quire/test-kit/scanned-pdfs';
import * as mupdf from 'mupdf';

/** The Japanese serif of the set-up's fonts-noto-cjk: the first face of its collection. */
const CJK_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc';

/** Paragraphs of our own in Japanese, long enough to run over several columns each. */
export const VERTICAL_PARAGRAPHS = [
  '春の朝は静かで、川の水はまだ冷たい。子どもたちは橋の上に並んで、流れの中の小さな魚を一匹ずつ数えている。遠くの山にはまだ雪が残り、畑では祖父が土を耕していた。',
  '午後になると風が強くなり、町の旗が一斉に揺れ始めた。店の人々は窓を閉め、明日の天気について長い間話し合った。夕方には雨が降り出し、道はすぐに静かになった。',
] as const;

/**
 * A page of vertical Japanese as LibreOffice writes it (an A4 page whose text runs top to bottom, its columns right
 * to left), each glyph placed upright on its own: MuPDF reads such a page as rows across the columns.
 */
export async function createVerticalJapanesePdf(dir: string): Promise<string> {
  const paragraphs = VERTICAL_PARAGRAPHS.map((text) => `<text:p>${text}</text:p>`).join('');
  const document = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:styles><style:default-style style:family="paragraph"><style:text-properties style:font-name-asian="Noto Serif CJK JP" style:font-size-asian="12pt" style:language-asian="ja" style:country-asian="JP"/></style:default-style></office:styles>
<office:automatic-styles><style:page-layout style:name="vertical"><style:page-layout-properties fo:page-width="210mm" fo:page-height="297mm" style:writing-mode="tb-rl" fo:margin-top="25mm" fo:margin-bottom="25mm" fo:margin-left="25mm" fo:margin-right="25mm"/></style:page-layout></office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="vertical"/></office:master-styles>
<office:body><office:text>${paragraphs}</office:text></office:body>
</office:document>`;
  const source = join(dir, 'vertical.fodt');
  await writeFile(source, document);
  return convertToPdf(source, dir);
}

/** Latin words set turned in the columns of a vertical page, as Japanese typesetting turns them. */
export const TURNED_LATIN_WORDS = 'Portable Document Format';

/**
 * An A4 page of vertical Japanese written in vertical mode (a CJK font with `Identity-V`-style encoding, MuPDF's
 * `wmode` 1, as Word and InDesign write it), its columns right to left, then four columns of Latin words turned a
 * quarter clockwise, as they stand in vertical text: the Latin is the only text that runs across or down the page.
 */
export function createVerticalModeJapanesePdf(): Buffer {
  const document = new mupdf.PDFDocument();
  const font = new mupdf.Font('NotoSerifCJKjp', readFileSync(CJK_FONT_FILE), 0);
  const japanese = document.addCJKFont(font, 'ja', 1, true);
  const latin = document.addSimpleFont(new mupdf.Font('Times-Roman'), 'Latin');
  const text = VERTICAL_PARAGRAPHS.join('');
  const utf16 = (part: string) =>
    [...part].map((c) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')).join('');
  const [size, pitch, top, bottom] = [12, 21, 770, 72];
  const perColumn = Math.floor((top - bottom) / size);
  let contents = '';
  let x = 520;
  for (let start = 0; start < text.length; start += perColumn, x -= pitch) {
    contents += `BT /J ${size} Tf 1 0 0 1 ${x} ${top} Tm <${utf16(text.slice(start, start + perColumn))}> Tj ET\n`;
  }
  for (let column = 0; column < 4; column += 1, x -= pitch) {
    contents += `BT /L 10 Tf 0 -1 1 0 ${x} ${top} Tm (${TURNED_LATIN_WORDS}) Tj ET\n`;
  }
  const resources = document.addObject({ Font: { J: japanese, L: latin } });
  document.insertPage(-1, document.addPage([0, 0, 595, 842], 0, resources, contents));
  const pdf = Buffer.from(document.saveToBuffer('').asUint8Array());
  document.destroy();
  return pdf;
}
