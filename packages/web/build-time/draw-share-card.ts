import { LOCALE_INFO, type Locale } from '@quire/shared';
import sharp, { type Sharp } from 'sharp';
import { SHARE_IMAGE } from '../app/lib/share-image.ts';

/** What one page's share image shows. */
export type ShareCard = {
  readonly locale: Locale;
  /** The page's own name, large. */
  readonly headline: string;
  /** The page's description, below it. */
  readonly description: string;
};

/** What every card shares: the brand, its mark (an SVG document) and the host name of the site. */
export type CardFrame = { readonly brand: string; readonly markSvg: string; readonly host: string };

/**
 * Noto families per language (Debian's fonts-noto-core and fonts-noto-cjk). Han characters take the shapes of
 * the language they are written in, so each CJK language names its own face.
 */
const FONT_FAMILIES = {
  en: 'Noto Sans',
  es: 'Noto Sans',
  fr: 'Noto Sans',
  de: 'Noto Sans',
  ko: 'Noto Sans CJK KR',
  ja: 'Noto Sans CJK JP',
  'zh-cn': 'Noto Sans CJK SC',
  'zh-tw': 'Noto Sans CJK TC',
  pt: 'Noto Sans',
  it: 'Noto Sans',
  ru: 'Noto Sans',
  ar: 'Noto Sans Arabic,Noto Sans',
} as const satisfies Record<Locale, string>;

const WIDTH_PX = SHARE_IMAGE.widthPx;
const HEIGHT_PX = SHARE_IMAGE.heightPx;
const MARGIN_PX = 80;
const TEXT_WIDTH_PX = WIDTH_PX - 2 * MARGIN_PX;
/** The band between the brand row and the footer where the headline and description are centred. */
const BODY_TOP_PX = 170;
const BODY_BOTTOM_PX = 540;
const GAP_PX = 36;
const HEADLINE_PX = 68;
const HEADLINE_MAX_HEIGHT_PX = 240;
const DESCRIPTION_PX = 30;
const MARK_PX = 64;
/**
 * libjpeg-turbo with optimised Huffman tables: 20–60 KB a card in ~20 ms. A card with much text that comes out
 * larger is encoded again with mozjpeg (about 20% smaller, 5× slower), which only a few home pages need.
 */
const JPEG_QUALITY = 76;
export const CARD_MAX_BYTES = 60 * 1024;

const COLORS = {
  background: '#ffffff',
  wash: '#eef2ff',
  brand: '#4f46e5',
  headline: '#0f172a',
  description: '#475569',
  host: '#6366f1',
};

type Layer = { data: Buffer; width: number; height: number };

const asInput = (layer: Layer) => ({
  input: layer.data,
  raw: { width: layer.width, height: layer.height, channels: 4 as const },
});

/**
 * Returns a function that draws one page's card as a 1200×630 JPEG: the brand and its mark at the top, the
 * headline and the description, the host at the bottom; mirrored for right-to-left languages. The fixed parts
 * are drawn once per direction.
 */
export function createShareCardPainter(frame: CardFrame): (card: ShareCard) => Promise<Buffer> {
  const backgrounds = new Map<boolean, Promise<Layer>>();
  const backgroundFor = (isRtl: boolean) => {
    let background = backgrounds.get(isRtl);
    if (!background) {
      background = drawBackground(frame, isRtl);
      backgrounds.set(isRtl, background);
    }
    return background;
  };
  return async (card) => {
    const isRtl = LOCALE_INFO[card.locale].dir === 'rtl';
    const family = FONT_FAMILIES[card.locale];
    // A right-to-left mark starts each paragraph of a right-to-left page, so that text still in English there
    // (a missing translation) aligns right, as it does on the page.
    const start = isRtl ? '\u200f' : '';
    const headline = await drawText({
      text: start + card.headline,
      font: `${family} Bold`,
      sizePx: HEADLINE_PX,
      color: COLORS.headline,
      maxHeightPx: HEADLINE_MAX_HEIGHT_PX,
      overflow: 'shrink',
    });
    const description = await drawText({
      text: start + card.description,
      font: family,
      sizePx: DESCRIPTION_PX,
      color: COLORS.description,
      maxHeightPx: BODY_BOTTOM_PX - BODY_TOP_PX - GAP_PX - headline.height,
      overflow: 'cut',
    });
    const total = headline.height + GAP_PX + description.height;
    const top = Math.round(BODY_TOP_PX + Math.max(0, (BODY_BOTTOM_PX - BODY_TOP_PX - total) / 2));
    const place = (layer: Layer, y: number) => ({
      ...asInput(layer),
      top: y,
      left: isRtl ? WIDTH_PX - MARGIN_PX - layer.width : MARGIN_PX,
    });
    const background = await backgroundFor(isRtl);
    const composed = sharp(background.data, { raw: { width: WIDTH_PX, height: HEIGHT_PX, channels: 4 } })
      .composite([place(headline, top), place(description, top + headline.height + GAP_PX)])
      .flatten({ background: COLORS.background });
    const jpeg = await composed.clone().jpeg({ quality: JPEG_QUALITY }).toBuffer();
    if (jpeg.length <= CARD_MAX_BYTES) return jpeg;
    return composed.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }).toBuffer();
  };
}

async function drawBackground(frame: CardFrame, isRtl: boolean): Promise<Layer> {
  const mark = await sharp(Buffer.from(frame.markSvg), { density: 72 * (MARK_PX / 32) })
    .resize(MARK_PX, MARK_PX)
    .png()
    .toBuffer();
  const data = await sharp(Buffer.from(backgroundSvg(frame, isRtl)))
    .composite([{ input: mark, top: 72, left: isRtl ? WIDTH_PX - MARGIN_PX - MARK_PX : MARGIN_PX }])
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { data, width: WIDTH_PX, height: HEIGHT_PX };
}

/** The fixed parts, mirrored for right-to-left languages: a soft wash, the brand name, the host, a brand bar. */
function backgroundSvg(frame: CardFrame, isRtl: boolean): string {
  const brandX = isRtl ? WIDTH_PX - MARGIN_PX - 84 : MARGIN_PX + 84;
  const anchor = isRtl ? 'end' : 'start';
  const hostX = isRtl ? WIDTH_PX - MARGIN_PX : MARGIN_PX;
  const washX = isRtl ? 0 : WIDTH_PX;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH_PX}" height="${HEIGHT_PX}" viewBox="0 0 ${WIDTH_PX} ${HEIGHT_PX}">
  <rect width="${WIDTH_PX}" height="${HEIGHT_PX}" fill="${COLORS.background}"/>
  <circle cx="${washX}" cy="0" r="320" fill="${COLORS.wash}"/>
  <text x="${brandX}" y="119" font-family="Noto Sans" font-weight="700" font-size="44" fill="${COLORS.brand}" text-anchor="${anchor}" direction="ltr">${escapeXml(frame.brand)}</text>
  <text x="${hostX}" y="584" font-family="Noto Sans" font-size="26" fill="${COLORS.host}" text-anchor="${anchor}" direction="ltr">${escapeXml(frame.host)}</text>
  <rect y="${HEIGHT_PX - 14}" width="${WIDTH_PX}" height="14" fill="${COLORS.brand}"/>
</svg>`;
}

/**
 * Lays text out with Pango (wrapping, bidirectional text and shaping; an Arabic paragraph runs and aligns right to
 * left by itself) at `sizePx`. Text taller than `maxHeightPx` is shrunk to fit (a headline must be read whole) or cut
 * with an ellipsis (a description may end early).
 */
async function drawText({
  text,
  font,
  sizePx,
  color,
  maxHeightPx,
  overflow,
}: {
  text: string;
  font: string;
  sizePx: number;
  color: string;
  maxHeightPx: number;
  overflow: 'shrink' | 'cut';
}): Promise<Layer> {
  const layout = (content: string, fitHeight?: number) =>
    render(
      sharp({
        text: {
          text: `<span foreground="${color}">${escapeXml(content)}</span>`,
          font: `${font} ${sizePx}`,
          width: TEXT_WIDTH_PX,
          rgba: true,
          wrap: 'word-char',
          ...(fitHeight === undefined ? { dpi: 72 } : { height: fitHeight }),
        },
      }),
    );
  const whole = await layout(text);
  if (whole.height <= maxHeightPx) return whole;
  if (overflow === 'shrink') return layout(text, Math.max(1, Math.floor(maxHeightPx)));
  // The longest beginning that fits with an ellipsis, found by halving.
  const characters = Array.from(text);
  let [fits, tooLong] = [0, characters.length];
  let best: Layer | undefined;
  while (tooLong - fits > 1) {
    const count = Math.floor((fits + tooLong) / 2);
    const layer = await layout(cutAt(characters, count));
    if (layer.height <= maxHeightPx) [fits, best] = [count, layer];
    else tooLong = count;
  }
  return best ?? layout('…');
}

/** The first `count` characters, back to the last space when that splits a word, and an ellipsis. */
function cutAt(characters: readonly string[], count: number): string {
  const start = characters.slice(0, count).join('');
  const atSpace =
    characters[count] !== undefined && !/\s/.test(characters[count]) ? start.replace(/\s+\S*$/, '') : start;
  return `${(atSpace || start).trimEnd()}…`;
}

async function render(image: Sharp): Promise<Layer> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
