import { existsSync, readFileSync } from 'node:fs';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from './load-mupdf.ts';

/**
 * The fonts MuPDF falls back to for the scripts its own fonts lack, from Debian's `fonts-noto-core` and
 * `fonts-noto-cjk` (scripts/system-packages.json). MuPDF asks for one by script name when a character is missing from
 * the font in use (a stamp's text laid out as HTML, a report's words); the CJK collection holds one face per language,
 * in this order.
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

/** The fonts' files, read once per worker into MuPDF's memory (the CJK collection once for its four faces). */
const fontFiles = new Map<string, Mupdf.Buffer | null>();
/**
 * The fonts handed to MuPDF, one of its own for each time it asks: MuPDF sets a font it reads a PDF's text with up for
 * that document (the document names a font it does not embed, and this one stands in), so one font shared by every
 * request carried a document's setup into every later layout: a Japanese stamp drew no text after PDF to Word had read
 * a file naming a Japanese font it does not embed. MuPDF takes each as a reference of its own and drops it when done;
 * MuPDF.js hands the font over without taking one, so the font's object is kept here, where no finalizer drops it a
 * second time.
 */
const handedOver: Mupdf.Font[] = [];
let installedIn: MupdfModule | null = null;

/**
 * Gives MuPDF the Noto font of each script it asks for (named `Noto-<script>`), a font of its own each time. Without it
 * MuPDF falls back to its built-in Droid Sans Fallback, which draws Chinese shapes for Japanese and Korean text. To be
 * called as MuPDF is loaded, before anything is laid out: MuPDF keeps the first fallback font it found for a script for
 * as long as the worker lives, so one job laid out without it would give every later job of the worker Droid Sans. A
 * missing font file leaves MuPDF's own choice.
 */
export function installFallbackFonts(mupdf: MupdfModule): void {
  if (installedIn === mupdf) return;
  installedIn = mupdf;
  mupdf.installLoadFontFunction((_name, script, isBold, isItalic) => {
    if (isBold || isItalic) return null;
    const wanted = FALLBACK_FONTS[script];
    if (!wanted) return null;
    if (!fontFiles.has(wanted.path)) {
      fontFiles.set(
        wanted.path,
        existsSync(wanted.path) ? new mupdf.Buffer(readFileSync(wanted.path)) : null,
      );
    }
    const data = fontFiles.get(wanted.path);
    if (!data) return null;
    const font = new mupdf.Font(`Noto-${script}`, data, wanted.index);
    handedOver.push(font);
    return font;
  });
}
