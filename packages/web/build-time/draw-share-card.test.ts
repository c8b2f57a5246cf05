import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_MAX_BYTES, createShareCardPainter } from './draw-share-card.ts';

const paint = createShareCardPainter({
  brand: 'Quire',
  markSvg: await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8'),
  host: 'pdf.example.org',
});

/** The columns and rows of a card's text band (between brand row and footer) that hold dark ink. */
async function inkIn(jpeg: Buffer, top = 170, bottom = 540) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  let [left, right, lastRow] = [info.width, -1, -1];
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[y * info.width + x] ?? 255) < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        lastRow = y;
      }
    }
  }
  return { left, right, lastRow };
}

describe('share cards', () => {
  it('are 1200×630 JPEGs of a few dozen kilobytes', async () => {
    const jpeg = await paint({
      locale: 'en',
      headline: 'Every PDF tool you need, in one place',
      description:
        'Free, open-source PDF tools: merge, split, compress, rotate and convert PDF files online. No sign-up, no watermarks; files are deleted right after processing.',
    });
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(jpeg.length).toBeGreaterThan(15_000);
    expect(jpeg.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
  });

  it('stay within the size limit when much text makes the plain encoding too large', async () => {
    const jpeg = await paint({
      locale: 'fr',
      headline: 'Tous les outils PDF dont vous avez besoin, au même endroit',
      description:
        'Outils PDF gratuits et open source : fusionnez, divisez, compressez, faites pivoter et convertissez vos fichiers PDF en ligne. Sans inscription ni filigrane ; les fichiers sont supprimés juste après le traitement.',
    });
    expect((await sharp(jpeg).metadata()).width).toBe(1200);
    expect(jpeg.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
  });

  it('set a left-to-right page’s text from the left margin and a right-to-left page’s from the right', async () => {
    const english = await inkIn(
      await paint({ locale: 'en', headline: 'Merge PDF', description: 'Combine files.' }),
    );
    expect(english.left).toBeGreaterThanOrEqual(74);
    expect(english.left).toBeLessThan(90);
    expect(english.right).toBeLessThan(700);

    const arabic = await inkIn(
      await paint({ locale: 'ar', headline: 'دمج PDF', description: 'ادمج الملفات.' }),
    );
    expect(arabic.right).toBeLessThanOrEqual(1126);
    expect(arabic.right).toBeGreaterThan(1110);
    expect(arabic.left).toBeGreaterThan(500);
  });

  it('align English still untranslated on a right-to-left page to the right, line by line', async () => {
    const description =
      'Combine several PDF files into one document, in the order you choose. Free, no sign-up. End';
    const lastLine = async (locale: 'ar' | 'en') => {
      const jpeg = await paint({ locale, headline: 'Merge PDF', description });
      const { lastRow } = await inkIn(jpeg);
      return inkIn(jpeg, lastRow - 12, lastRow + 1);
    };
    const [arabic, english] = await Promise.all([lastLine('ar'), lastLine('en')]);
    expect(english.left).toBeLessThan(90);
    expect(english.right).toBeLessThan(700);
    expect(arabic.right).toBeGreaterThan(1110);
    expect(arabic.left).toBeGreaterThan(500);
  });

  it('draw Han characters in the shapes of the page’s language (Japanese, Chinese, Korean faces)', async () => {
    const draw = (locale: 'ja' | 'zh-cn' | 'zh-tw' | 'ko') =>
      paint({ locale, headline: '骨直化', description: '骨直化' }).then((jpeg) =>
        sharp(jpeg).raw().toBuffer(),
      );
    const [japanese, simplified, traditional, korean] = await Promise.all([
      draw('ja'),
      draw('zh-cn'),
      draw('zh-tw'),
      draw('ko'),
    ]);
    const faces = [japanese, simplified, traditional, korean];
    for (const [index, face] of faces.entries()) {
      for (const other of faces.slice(index + 1)) expect(face.equals(other)).toBe(false);
    }
    const ink = await inkIn(await paint({ locale: 'ja', headline: '結合結合結合', description: '結合' }));
    expect(ink.right - ink.left).toBeGreaterThan(350);
  });

  it('cut a description too long for the card and keep it above the footer', async () => {
    const jpeg = await paint({
      locale: 'ru',
      headline: 'Сжать PDF',
      description: 'Очень длинное описание. '.repeat(60),
    });
    expect((await inkIn(jpeg, 170, 560)).lastRow).toBeLessThan(540);
    expect((await sharp(jpeg).metadata()).height).toBe(630);
  });
});
