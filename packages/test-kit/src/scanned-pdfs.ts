// Scans with known text, for the OCR tests and `npm run bench ocr`: born-digital pages (whose own text is the
// reference) drawn by poppler, then degraded as real scans are (turned, skewed, blurred, noisy, JPEG artefacts, low
// resolution, bitonal CCITT by Ghostscript), and bound into image-only PDFs by img2pdf, which embeds each image as
// it is.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { words } from '@quire/corpus';
import sharp from 'sharp';

/**
 * A page of a born-digital PDF whose text is known; with `area` (points, from the page's top left), only that part of
 * it: a scan of a crop, whose reference words are those inside it (cut between lines, so that no line is halved).
 */
export type SourcePage = {
  path: string;
  page: number;
  language: string;
  area?: { x: number; y: number; width: number; height: number };
};

/** pdftotext's and pdftoppm's arguments that keep `source`'s area alone, in pixels at `dpi`. */
function areaArgs({ area }: SourcePage, dpi: number): string[] {
  if (area === undefined) return [];
  const pixels = (points: number) => String(Math.round((points * dpi) / 72));
  return ['-x', pixels(area.x), '-y', pixels(area.y), '-W', pixels(area.width), '-H', pixels(area.height)];
}
/**
 * How a scan is made worse than a clean 300 DPI drawing: `noisy` is blurred, speckled and saved as a poor JPEG
 * (quality 35); `worn` is what an office scanner gives on a bad day, turned 1.3° (less than the 3–4° of `skewed`),
 * blurred, speckled and saved at quality 65 (issue 30's Russian scan).
 */
export type Degradation =
  | 'clean'
  | '200dpi'
  | '150dpi'
  | 'turned-90'
  | 'turned-180'
  | 'turned-270'
  | 'skewed'
  | 'noisy'
  | 'worn'
  | 'bitonal';

/** The words a reader sees on one page of a born-digital PDF (case-folded, CJK one character each). */
export function referenceWords(source: SourcePage): string[] {
  const { path, page } = source;
  const text = execFileSync(
    'pdftotext',
    ['-f', String(page), '-l', String(page), ...areaArgs(source, 72), '-cropbox', '-enc', 'UTF-8', path, '-'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    },
  );
  return words(text);
}

function renderPng(source: SourcePage, dpi: number, prefix: string): string {
  execFileSync('pdftoppm', [
    '-gray',
    '-png',
    '-r',
    String(dpi),
    '-f',
    String(source.page),
    '-l',
    String(source.page),
    ...areaArgs(source, dpi),
    '-singlefile',
    source.path,
    prefix,
  ]);
  return `${prefix}.png`;
}

/** A pseudo-random sequence of our own, so that every run degrades the pages identically. */
function noiseSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const JPEG_QUALITY: Partial<Record<Degradation, number>> = { noisy: 35, worn: 65 };

/** One scanned page image (a file img2pdf embeds as is) of `source`, degraded as named. */
export async function scanImage(
  source: SourcePage,
  degradation: Degradation,
  prefix: string,
): Promise<string> {
  if (degradation === 'bitonal') {
    if (source.area !== undefined) throw new Error('a bitonal scan is of a whole page');
    const output = `${prefix}.tif`;
    execFileSync('gs', [
      '-q',
      '-sDEVICE=tiffg4',
      '-r300',
      `-dFirstPage=${source.page}`,
      `-dLastPage=${source.page}`,
      '-o',
      output,
      source.path,
    ]);
    return output;
  }
  const dpi = degradation === '200dpi' ? 200 : degradation === '150dpi' ? 150 : 300;
  const png = renderPng(source, dpi, prefix);
  const output = `${prefix}.jpg`;
  let image = sharp(await readFile(png));
  if (degradation.startsWith('turned-')) image = image.rotate(Number(degradation.slice('turned-'.length)));
  if (degradation === 'skewed')
    image = image.rotate(source.page % 2 === 0 ? 4 : -3, { background: '#ffffff' });
  if (degradation === 'worn') image = image.rotate(1.3, { background: '#ffffff' });
  if (degradation === 'noisy' || degradation === 'worn') {
    const { data, info } = await image.blur(1).raw().toBuffer({ resolveWithObject: true });
    const random = noiseSource(source.page);
    for (let index = 0; index < data.length; index += 1) {
      data[index] = Math.max(0, Math.min(255, (data[index] as number) + Math.round((random() - 0.5) * 70)));
    }
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  await image
    .greyscale()
    .jpeg({ quality: JPEG_QUALITY[degradation] ?? 85 })
    .withMetadata({ density: dpi })
    .toFile(output);
  return output;
}

/**
 * A document converted to PDF by LibreOffice (a Word file, or plain text), with a profile of its own in `outDir`
 * so that runs side by side do not share one. Gives the PDF's path.
 */
export function convertToPdf(input: string, outDir: string): string {
  return convertToPdfs([input], outDir)[0] as string;
}

/**
 * Documents converted to PDF by one start of LibreOffice (`convertToPdf`), whose cold start with a new profile is
 * most of the work: several CPU-seconds. Gives the PDFs' paths, in the order given.
 */
export function convertToPdfs(inputs: readonly string[], outDir: string): string[] {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${join(outDir, 'lo-profile')}`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      ...inputs,
    ],
    { stdio: 'ignore', timeout: 180_000 },
  );
  return inputs.map((input) => join(outDir, basename(input).replace(/\.[a-z]+$/, '.pdf')));
}

/**
 * Sentences of our own in scripts the corpus has no born-digital page of (Greek, traditional Chinese, Korean), and in
 * Russian, for scans whose text is known.
 */
export const OWN_TEXTS = {
  el: [
    'Η σάρωση ενός εγγράφου δίνει μια εικόνα της σελίδας.',
    'Το κείμενο της εικόνας διαβάζεται με αναγνώριση χαρακτήρων.',
    'Οι λέξεις γίνονται ξανά κείμενο που μπορεί να αλλάξει.',
    'Κάθε σελίδα ελέγχεται πριν από την αποστολή της.',
    'Ένα συμβόλαιο, μια φόρμα ή μια παλιά αναφορά στο γραφείο.',
  ],
  ru: [
    'Сканированный документ — это изображение страницы.',
    'Текст на изображении распознаётся и снова становится текстом.',
    'Каждая страница проверяется перед отправкой клиенту.',
    'Договор, анкета или старый отчёт из архива.',
  ],
  'zh-tw': [
    '掃描的文件是一張頁面的圖片。',
    '圖片中的文字經過辨識之後，又成為可以編輯的文字。',
    '每一頁在寄給客戶之前都會仔細檢查。',
    '一份合約、一張申請表，或是檔案室裡的舊報告。',
    '請在下星期五之前回覆這封信，謝謝您的協助。',
  ],
  ar: [
    'المستند الممسوح ضوئيا هو صورة لصفحة من الورق.',
    'يقرأ البرنامج النص في الصورة ويحوله إلى كلمات يمكن تعديلها.',
    'تراجع كل صفحة بعناية قبل إرسالها إلى العميل.',
    'عقد أو استمارة أو تقرير قديم من الأرشيف.',
    'نرجو الرد على هذه الرسالة قبل يوم الجمعة القادم، مع الشكر.',
  ],
  ko: [
    '스캔한 문서는 페이지를 찍은 그림입니다.',
    '그림 속의 글자를 읽어서 다시 고칠 수 있는 글로 바꿉니다.',
    '모든 페이지는 고객에게 보내기 전에 한 번 더 확인합니다.',
    '계약서, 신청서, 또는 보관실에 있던 오래된 보고서.',
    '다음 주 금요일까지 이 편지에 답장해 주시기 바랍니다.',
  ],
} as const;

/** A one-page born-digital PDF of `lines` (LibreOffice's default font, 12 pt): a source page for `scanImage`. */
export async function ownTextPage(
  lines: readonly string[],
  language: string,
  dir: string,
): Promise<SourcePage> {
  const [page] = await ownTextPages([{ lines, language }], dir);
  return page as SourcePage;
}

/** `ownTextPage` of several texts, set by one start of LibreOffice (`convertToPdfs`): their pages, in order. */
export async function ownTextPages(
  texts: readonly { lines: readonly string[]; language: string }[],
  dir: string,
): Promise<SourcePage[]> {
  const paths = texts.map(({ language }) => join(dir, `own-text-${language}.txt`));
  await Promise.all(
    texts.map(({ lines }, index) => writeFile(paths[index] as string, `${lines.join('\n\n')}\n`)),
  );
  return convertToPdfs(paths, dir).map((path, index) => ({
    path,
    page: 1,
    language: (texts[index] as { language: string }).language,
  }));
}

/**
 * A colour scan of a page with a photograph pasted on it (`photo`, 2 × 1.5 inches, its top left at `at` in 300 DPI
 * pixels), as a scanned brochure or report has: a 300 DPI JPEG.
 */
export async function scanWithPhoto(
  source: SourcePage,
  photo: string,
  at: { left: number; top: number },
  prefix: string,
): Promise<string> {
  const page = renderPng(source, 300, prefix);
  const pasted = await sharp(photo).rotate().resize(600, 450, { fit: 'cover' }).toBuffer();
  const output = `${prefix}-photo.jpg`;
  await sharp(page)
    .toColourspace('srgb')
    .composite([{ input: pasted, ...at }])
    .jpeg({ quality: 85 })
    .withMetadata({ density: 300 })
    .toFile(output);
  return output;
}

/** An image-only PDF of the scans, one page each, at their resolution. */
export function bindScans(images: readonly string[], output: string): string {
  execFileSync('img2pdf', [...images, '-o', output]);
  return output;
}
