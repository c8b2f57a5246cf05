import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { convertToPdf } from '@quire/test-kit/scanned-pdfs';

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
