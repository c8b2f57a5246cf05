import { execFileSync } from 'node:child_process';

/**
 * Word recall of a converted document against a PDF's own text, for the PDF-to-Word tests and benchmark: the words
 * a reader of the PDF sees, as poppler reads them, and the share of them found in the converted text.
 */

/**
 * The words a reader of the PDF sees: poppler's text as words, less the words that lie outside every page's crop
 * box. (Plain `pdftotext -cropbox` still prints those, such as a printer's slug lines and line-number rulers on
 * book proofs; no viewer shows them, and a converter that keeps the page should not either.)
 */
export function popplerWords(path: string, password?: string): string[] {
  const poppler = (args: string[]) =>
    execFileSync(
      'pdftotext',
      [...(password ? ['-upw', password] : []), ...args, '-enc', 'UTF-8', path, '-'],
      { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] },
    );
  const boxWords = (layout: string) =>
    words(
      unescapeXml([...layout.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((match) => match[1]).join(' ')),
    );
  const hidden = new Map<string, number>();
  for (const word of boxWords(poppler(['-bbox']))) hidden.set(word, (hidden.get(word) ?? 0) + 1);
  for (const word of boxWords(poppler(['-cropbox', '-bbox']))) hidden.set(word, (hidden.get(word) ?? 0) - 1);
  return words(poppler(['-cropbox'])).filter((word) => {
    const count = hidden.get(word) ?? 0;
    if (count > 0) hidden.set(word, count - 1);
    return count <= 0;
  });
}

/**
 * Case-folded words, line-end hyphenation undone; CJK characters one by one, as they have no spaces. The marks that
 * open and close a run of one direction (U+202A–U+202E) end a word: poppler writes a right-to-left run between them
 * in the order it is seen, so the space that parts the run from the next word comes out inside the marks, at the
 * run's start ("\u202b العربية\u202cword" for "العربية word"); taken out without a space, they glued the two words
 * together. The marks of one character's direction (LRM, RLM, which Tesseract puts after a word) and the isolates
 * are taken out.
 */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .replace(/[\u202a-\u202e]/g, ' ')
      .replace(/[\u200e\u200f\u2066-\u2069]/g, '')
      .replace(/(\p{L})[-\u00ad\u2010]\n\s*(\p{Ll})/gu, '$1$2')
      .replace(/([\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff])/g, ' $1 ')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/** Runs of this many one-character words or more are letter-spaced text ("C O N S T I T U T I O N"). */
const MIN_SPACED_RUN = 5;
const SINGLE_SPACED = /^[\p{L}\p{N}]\p{M}*$/u;
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/**
 * The reference's words (as a multiset) found in the candidate. Letter-spaced text is the one place where a reading
 * of a PDF cannot tell where words end (poppler reads "C O N S T I T U T I O N O F T H E"): such a run counts as
 * found, all its letters, when the candidate has the same letters in a row, whatever it put between its words.
 */
export function recall(
  reference: readonly string[],
  candidate: readonly string[],
): { found: number; total: number } {
  const available = new Map<string, number>();
  for (const word of candidate) available.set(word, (available.get(word) ?? 0) + 1);
  const joined = candidate.join('');
  let found = 0;
  let index = 0;
  while (index < reference.length) {
    let end = index;
    while (end < reference.length && isSpacedLetter(reference[end] as string)) end += 1;
    if (end - index >= MIN_SPACED_RUN && joined.includes(reference.slice(index, end).join(''))) {
      found += end - index;
      index = end;
      continue;
    }
    const word = reference[index] as string;
    const count = available.get(word) ?? 0;
    if (count > 0) {
      found += 1;
      available.set(word, count - 1);
    }
    index += 1;
  }
  return { found, total: reference.length };
}

function isSpacedLetter(word: string): boolean {
  return SINGLE_SPACED.test(word) && !CJK.test(word);
}

export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
