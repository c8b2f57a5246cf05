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

/**
 * What Tesseract's script detection (OSD) names, and the model that reads it when the visitor chose no language.
 * Latin goes to English, whose model also reads the accented letters of the other Western languages.
 */
const SCRIPT_MODELS: Readonly<Record<string, string>> = {
  Latin: 'eng',
  Cyrillic: 'rus',
  Greek: 'ell',
  Arabic: 'ara',
  Hebrew: 'heb',
  Han: 'chi_sim+chi_tra',
  Japanese: 'jpn',
  Katakana: 'jpn',
  Hiragana: 'jpn',
  Hangul: 'kor',
  Korean: 'kor',
};

/** Tesseract's `-l` value for languages the visitor chose: each model once, in the order given. */
export function modelsFor(languages: readonly OcrLanguage[]): string {
  return [...new Set(languages.map((language) => OCR_LANGUAGE_MODELS[language]))].join('+');
}

/** The models for a script OSD detected; English when OSD could not tell (a nearly empty page). */
export function modelsForScript(script: string | null): string {
  return (script !== null && SCRIPT_MODELS[script]) || 'eng';
}
