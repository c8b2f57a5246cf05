import type { OcrLanguage } from '@quire/shared';

/**
 * The Tesseract model of each language OCR reads (`OCR_LANGUAGES`): Debian's `tesseract-ocr-<model>` packages,
 * installed by `npm start`.
 */
export const OCR_LANGUAGE_MODELS: Readonly<Record<OcrLanguage, string>> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  ru: 'rus',
  el: 'ell',
  ar: 'ara',
  he: 'heb',
  ko: 'kor',
  ja: 'jpn',
  'zh-cn': 'chi_sim',
  'zh-tw': 'chi_tra',
};

/** The scripts the languages OCR reads are written in: what a page is found to be in when no language was chosen. */
export type OcrScript =
  | 'Latin'
  | 'Cyrillic'
  | 'Greek'
  | 'Arabic'
  | 'Hebrew'
  | 'SimplifiedHan'
  | 'TraditionalHan'
  | 'Japanese'
  | 'Hangul';

/** The script of each language OCR reads: every script here is one a page may be found to be written in. */
export const LANGUAGE_SCRIPTS: Readonly<Record<OcrLanguage, OcrScript>> = {
  en: 'Latin',
  es: 'Latin',
  fr: 'Latin',
  de: 'Latin',
  it: 'Latin',
  pt: 'Latin',
  ru: 'Cyrillic',
  el: 'Greek',
  ar: 'Arabic',
  he: 'Hebrew',
  ko: 'Hangul',
  ja: 'Japanese',
  'zh-cn': 'SimplifiedHan',
  'zh-tw': 'TraditionalHan',
};

export type ScriptModels = {
  /** The one model a sample of a page is tried with, to see whether the page is in this script. */
  trial: string;
  /** The models a page in this script is read with. */
  reading: string;
  /** The letters this script's text is written in (Japanese: kanji and kana; Korean: hangul). */
  letters: RegExp;
};

/**
 * How a page in each script is read when no language was chosen: in the script's model and English, as the form
 * starts on the page's language and English, for the names, codes and units in Latin letters most documents hold
 * (a Chinese table of goods read 63% sure in the Chinese model alone, 82% with English). Latin goes to English,
 * whose model reads the other Western languages' words (not all their accents). Each Chinese model reads the
 * other's characters as its own, as surely (the traditional model reads a simplified page 92.9% sure, in
 * traditional characters), and the two together mix both sets on one page: which set a page is printed in is told
 * apart (`isTraditionalHan`).
 */
export const SCRIPT_MODELS: Readonly<Record<OcrScript, ScriptModels>> = {
  Latin: { trial: 'eng', reading: 'eng', letters: /\p{Script=Latin}/u },
  Cyrillic: { trial: 'rus', reading: 'rus+eng', letters: /\p{Script=Cyrillic}/u },
  Greek: { trial: 'ell', reading: 'ell+eng', letters: /\p{Script=Greek}/u },
  Arabic: { trial: 'ara', reading: 'ara+eng', letters: /\p{Script=Arabic}/u },
  Hebrew: { trial: 'heb', reading: 'heb+eng', letters: /\p{Script=Hebrew}/u },
  SimplifiedHan: { trial: 'chi_sim', reading: 'chi_sim+eng', letters: /\p{Script=Han}/u },
  TraditionalHan: { trial: 'chi_tra', reading: 'chi_tra+eng', letters: /\p{Script=Han}/u },
  Japanese: {
    trial: 'jpn',
    reading: 'jpn+eng',
    letters: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  },
  Hangul: { trial: 'kor', reading: 'kor+eng', letters: /\p{Script=Hangul}/u },
};

/** Every script of the languages OCR reads, each once, in the order of `OCR_LANGUAGES`. */
export const OCR_SCRIPTS: readonly OcrScript[] = [...new Set(Object.values(LANGUAGE_SCRIPTS))];

/**
 * The script Tesseract's orientation and script detection (OSD) names, where it is one of ours: a hint of which
 * script to try first. OSD counts Chinese characters towards Japanese and Korean too, so it often names one of those
 * for a Chinese page, or even a wrong alphabet (a Chinese table at 150 DPI: "Cyrillic", confidence 0).
 */
export function scriptOfOsdName(name: string | null): OcrScript | null {
  if (name === null) return null;
  if (name === 'Katakana' || name === 'Hiragana') return 'Japanese';
  if (name === 'Korean') return 'Hangul';
  if (name === 'Han') return 'SimplifiedHan';
  return (OCR_SCRIPTS as readonly string[]).includes(name) ? (name as OcrScript) : null;
}

/** Tesseract's `-l` value for languages the visitor chose: each model once, in the order given. */
export function modelsFor(languages: readonly OcrLanguage[]): string {
  return [...new Set(languages.map((language) => OCR_LANGUAGE_MODELS[language]))].join('+');
}
