// Scans of our own text in each script OCR reads, for the tests of script detection: the lines set by Pango (through
// sharp) in a font Debian ships (fonts-noto-core, fonts-noto-cjk) at 12 pt, on a strip of an A4 page at 300 DPI (its
// width, as tall as the lines with an inch above and below), saved as a grey JPEG that `bindScans` makes an
// image-only page of. Much quicker than LibreOffice (`ownTextPage`).
import sharp from 'sharp';
import { OWN_TEXTS } from '@quire/test-kit/scanned-pdfs';

const DPI = 300;
/**
 * The width of an A4 page, and as tall as the lines with their margins: every pass of Tesseract over the page
 * (orientation detection, each reading) takes less than on a whole page (a third less on half an A4 page), most of
 * it blank.
 */
const PAGE_WIDTH_PX = 2480;
const MARGIN_PX = 300;

export type ScriptSample = { lines: readonly string[]; font: string };

/**
 * Text of ours in every script of the site's languages, and in Thai, a script OCR has no model for. Our Russian,
 * Greek, Arabic, Korean and traditional Chinese sentences are those of the OCR bench (`OWN_TEXTS`).
 */
export const SCRIPT_SAMPLES = {
  'zh-cn': {
    font: 'Noto Sans CJK SC',
    lines: [
      '扫描的文件是一张页面的图片。',
      '图片中的文字经过识别之后，又成为可以编辑的文字。',
      '每一页在寄给客户之前都会仔细检查。',
      '一份合同、一张申请表，或是档案室里的旧报告。',
      '请在下星期五之前回复这封信，谢谢您的协助。',
    ],
  },
  'zh-tw': { font: 'Noto Sans CJK TC', lines: OWN_TEXTS['zh-tw'] },
  ja: {
    font: 'Noto Sans CJK JP',
    lines: [
      'スキャンした文書は、ページを写した画像です。',
      '画像の中の文字を読み取り、もう一度編集できる文字に戻します。',
      'すべてのページは、お客様に送る前にもう一度確認します。',
      '契約書、申込書、または書庫にあった古い報告書。',
      '来週の金曜日までに、この手紙にお返事をお願いいたします。',
    ],
  },
  ko: { font: 'Noto Sans CJK KR', lines: OWN_TEXTS.ko },
  ar: { font: 'Noto Naskh Arabic', lines: OWN_TEXTS.ar },
  ru: { font: 'Noto Serif', lines: OWN_TEXTS.ru },
  el: { font: 'Noto Serif', lines: OWN_TEXTS.el },
  en: {
    font: 'Noto Serif',
    lines: [
      'A scanned document is a picture of a page.',
      'The text in the picture is recognised and becomes text again.',
      'Every page is checked before it is sent to the client.',
      'A contract, a form or an old report from the archive.',
    ],
  },
  th: {
    font: 'Noto Serif Thai',
    lines: [
      'เอกสารที่สแกนคือภาพของหน้ากระดาษ',
      'ข้อความในภาพจะถูกอ่านและกลายเป็นข้อความอีกครั้ง',
      'ทุกหน้าจะได้รับการตรวจสอบก่อนส่งให้ลูกค้า',
      'สัญญา แบบฟอร์ม หรือรายงานเก่าจากห้องเก็บเอกสาร',
    ],
  },
} as const satisfies Record<string, ScriptSample>;

/**
 * A clean scan (a grey JPEG at 300 DPI, a strip of a page) of `sample`'s lines, a blank line between each, turned
 * clockwise by `turn` degrees as a page fed sideways or upside down is.
 */
export async function scriptScan(
  sample: ScriptSample,
  path: string,
  turn: 0 | 90 | 180 | 270 = 0,
): Promise<string> {
  const text = sample.lines.join('\n\n');
  const { data, info } = await sharp({
    text: { text, font: `${sample.font} 12`, dpi: DPI, width: PAGE_WIDTH_PX - 2 * MARGIN_PX },
  })
    .extractChannel(0)
    .negate()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const lines = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer();
  const size = { width: PAGE_WIDTH_PX, height: info.height + 2 * MARGIN_PX };
  const page = await sharp({ create: { ...size, channels: 3, background: '#ffffff' } })
    .composite([{ input: lines, left: MARGIN_PX, top: MARGIN_PX }])
    .png()
    .toBuffer();
  await sharp(page)
    .rotate(turn)
    .greyscale()
    .jpeg({ quality: 85 })
    .withMetadata({ density: DPI })
    .toFile(path);
  return path;
}
