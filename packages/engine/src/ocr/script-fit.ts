import { SCRIPT_MODELS, type OcrScript } from './ocr-languages.ts';
import type { HocrReading } from './read-hocr.ts';

/** How well a reading of a page in a script's model looks like text in that script. */
export type ScriptFit = {
  script: OcrScript;
  /** Letters of the script in the words read with some confidence. */
  letters: number;
  /** Their share of all the letters of those words, 0–1 (0 when no letter was read). */
  share: number;
  /** The mean confidence of the words with letters, by their letters, 0–100 (0 when no letter was read). */
  confidence: number;
};

/**
 * A word read with less confidence than this is not counted as evidence of its script. A model reading a script it
 * does not know still finds its own letters in the shapes, less surely: the English model reads a Russian page as
 * "CkKaHNpoBaHHbl4" (a third of its letters over this), the Russian model a Chinese one as "ЗЕНОН 5 ЕН =".
 */
const MIN_WORD_CONFIDENCE = 50;

const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * How well `reading` looks like text in `script`; `withLatin` counts Latin letters as the script's own too, for a
 * whole page read in the script's models and English. Otherwise the Latin letters a model of another script reads
 * (the Chinese and Japanese models read "IDE/ATA" as well as English's) tell nothing either way and are left out,
 * as are figures and punctuation: a table of codes and prices read in the right model is no surer than in a wrong
 * one.
 */
export function scriptFit(
  reading: Pick<HocrReading, 'lines'>,
  script: OcrScript,
  { withLatin }: { withLatin: boolean } = { withLatin: false },
): ScriptFit {
  const { letters: own } = SCRIPT_MODELS[script];
  const isOfScript = (letter: string) => own.test(letter) || (withLatin && LATIN.test(letter));
  const isEvidence = (letter: string) => withLatin || script === 'Latin' || !LATIN.test(letter);
  let letters = 0;
  let all = 0;
  let allLetters = 0;
  let weighted = 0;
  for (const line of reading.lines) {
    for (const word of line.words) {
      const wordLetters = [...word.text].filter((character) => LETTER.test(character));
      allLetters += wordLetters.length;
      weighted += wordLetters.length * word.confidence;
      if (word.confidence < MIN_WORD_CONFIDENCE) continue;
      const evidence = wordLetters.filter(isEvidence);
      all += evidence.length;
      letters += evidence.filter(isOfScript).length;
    }
  }
  return {
    script,
    letters,
    share: all === 0 ? 0 : letters / all,
    confidence: allLetters === 0 ? 0 : weighted / allLetters,
  };
}

/**
 * Measured on clean and noisy scans of each script read with each script's model: the right model reads 85–96%
 * sure, nearly every confident letter its own; a wrong one at most 60% sure (Japanese read with the Chinese model:
 * 56%, Chinese with the Japanese: 59–68%, English with the Chinese: 78% but no Chinese character).
 */
const SURE_CONFIDENCE = 80;
const SURE_SHARE = 0.6;
/** Below these, what was read is not text in the script: handwriting, a drawing, or a script no model knows. */
const MIN_CONFIDENCE = 60;
const MIN_SHARE = 0.5;

/** Whether a reading is without doubt text in the script it was read in: no other script need be tried. */
export function isSureFit(fit: ScriptFit): boolean {
  return fit.letters > 0 && fit.confidence >= SURE_CONFIDENCE && fit.share >= SURE_SHARE;
}

/** Whether a reading may be text in the script it was read in; the best of several such is the page's script. */
export function isFit(fit: ScriptFit): boolean {
  return fit.letters > 0 && fit.confidence >= MIN_CONFIDENCE && fit.share >= MIN_SHARE;
}
