import { existsSync } from 'node:fs';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';

/**
 * The fonts a stamp's text falls back to for the scripts MuPDF's own sans-serif (Nimbus Sans: Latin, Greek,
 * Cyrillic) lacks, from Debian's `fonts-noto-core` and `fonts-noto-cjk` (scripts/system-packages.json). MuPDF's
 * HTML layout asks for one by script name when a character is missing from the font in use; the CJK collection
 * holds one face per language, in this order.
 */
const NOTO_CJK_PATH = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const FALLBACK_FONTS: Readonly<Record<string, { path: string; index: number }>> = {
  Arabic: { path: '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf', index: 0 },
  Hebrew: { path: '/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf', index: 0 },
  JP: { path: NOTO_CJK_PATH, index: 0 },
  KR: { path: NOTO_CJK_PATH, index: 1 },
  SC: { path: NOTO_CJK_PATH, index: 2 },
  TC: { path: NOTO_CJK_PATH, index: 3 },
};

const loadedFonts = new Map<string, Mupdf.Font | null>();
let installedIn: MupdfModule | null = null;

/**
 * Gives MuPDF's HTML layout the Noto font of each script it asks for, loaded once per worker. Without a font
 * installed, MuPDF would fall back to its built-in Droid Sans Fallback, which draws Chinese shapes for Japanese
 * and Korean text. A missing font file leaves MuPDF's own choice.
 */
export function installStampFonts(mupdf: MupdfModule): void {
  if (installedIn === mupdf) return;
  installedIn = mupdf;
  mupdf.installLoadFontFunction((_name, script, isBold, isItalic) => {
    if (isBold || isItalic) return null;
    const wanted = FALLBACK_FONTS[script];
    if (!wanted) return null;
    if (!loadedFonts.has(script)) {
      loadedFonts.set(
        script,
        existsSync(wanted.path) ? new mupdf.Font(`Noto-${script}`, wanted.path, wanted.index) : null,
      );
    }
    return loadedFonts.get(script) ?? null;
  });
}

/**
 * The language MuPDF's layout should assume for a text, so that Han characters take the shapes of the language
 * they are written in: Japanese where there is kana, Korean where there is hangul, Chinese otherwise (simplified
 * unless `isTraditional`). Undefined for a text without Han, kana or hangul.
 */
export function guessCjkLanguage(text: string, isTraditional = false): string | undefined {
  if (/[\u3040-\u30ff]/u.test(text)) return 'ja';
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u.test(text)) return 'ko';
  if (/\p{Script=Han}/u.test(text)) return isTraditional ? 'zh-Hant' : 'zh-Hans';
  return undefined;
}
