import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@quire/shared';
import type { InputFile } from '../ops/types.ts';
import { runPoppler } from '../poppler/run-poppler.ts';

/** A box on a page as the visitor sees it (its /Rotate applied), in points, x right and y down from its top-left. */
export type VisibleBox = readonly [x0: number, y0: number, x1: number, y1: number];

/** One word of a page: its text as written, the form it is compared in, and where it stands. */
export type PageWord = { readonly text: string; readonly key: string; readonly box: VisibleBox };

/**
 * Reads every page's words with their boxes, in reading order, with poppler's `pdftotext -bbox-layout`: the same
 * reading-order mode PDF to text reads with (`readPageTexts`: columns one after the other), each word with its box
 * on the page as seen, rotation applied (checked against MuPDF's boxes on the corpus's turned pages). A word of
 * Chinese or Japanese, which poppler gives as a whole run of characters, is cut into its characters, each with its
 * share of the run's box, so that one character changed is one word changed, not the run. `sourcePath` is a decrypted
 * copy (`prepareRenderSource`). Gives one list per page.
 */
export async function readPageWords(
  sourcePath: string,
  pageCount: number,
  file: InputFile & { readonly index: number },
  workDir: string,
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<PageWord[][]> {
  const outputPath = join(workDir, `page-words-${file.index}.html`);
  const failed = () =>
    new AppError('CONVERSION_FAILED', `The text of "${file.name}" could not be read.`, {
      fileIndex: file.index,
      fileName: file.name,
    });
  try {
    const result = await runPoppler(
      'pdftotext',
      ['-bbox-layout', '-enc', 'UTF-8', sourcePath, outputPath],
      limits,
    );
    if (result.exitCode !== 0) throw failed();
    const pages = parseBboxLayout(await readFile(outputPath, 'utf8'));
    if (pages.length !== pageCount) throw failed();
    return pages;
  } finally {
    await rm(outputPath, { force: true });
  }
}

const PAGE_START = '<page ';
const WORD = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g;
/** Characters that are words of their own in scripts written without spaces between words. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The words of each page of pdftotext's XHTML, in the order written (its reading order). */
export function parseBboxLayout(xhtml: string): PageWord[][] {
  const pieces = xhtml.split(PAGE_START).slice(1);
  return pieces.map((piece) => {
    const words: PageWord[] = [];
    for (const match of piece.matchAll(WORD)) {
      const box = [1, 2, 3, 4].map((group) => Number(match[group])) as [number, number, number, number];
      const text = unescapeXml(match[5] ?? '');
      if (text.trim() === '') continue;
      words.push(...splitIdeographs(text, box));
    }
    return words;
  });
}

/** The form a word is compared in: compatibility forms folded (a ligature `ﬁ` is `fi`), nothing else changed. */
export function wordKey(text: string): string {
  return text.normalize('NFKC');
}

/**
 * A word as one or more words: a run holding ideographs or kana is cut into its characters (Latin letters or digits
 * among them stay together), each with an equal share of the run's width (or height, for a run written downwards).
 */
function splitIdeographs(text: string, box: VisibleBox): PageWord[] {
  if (!IDEOGRAPHIC.test(text)) return [{ text, key: wordKey(text), box }];
  const parts =
    text.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu,
    ) ?? [];
  const length = [...text].length;
  const [x0, y0, x1, y1] = box;
  const isVertical = y1 - y0 > (x1 - x0) * 1.5 && length > 1;
  const step = (isVertical ? y1 - y0 : x1 - x0) / length || 0;
  let offset = 0;
  return parts.map((part) => {
    const size = [...part].length;
    const from = offset * step;
    offset += size;
    const to = offset * step;
    const partBox: VisibleBox = isVertical ? [x0, y0 + from, x1, y0 + to] : [x0 + from, y0, x0 + to, y1];
    return { text: part, key: wordKey(part), box: partBox };
  });
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}
