/**
 * The languages OCR reads, by the codes the site uses for its own languages, plus Greek and Hebrew. The engine
 * maps each to its Tesseract model (`engine/src/ocr/ocr-languages.ts`).
 */
export const OCR_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'el',
  'ar',
  'he',
  'ko',
  'ja',
  'zh-cn',
  'zh-tw',
] as const;

export type OcrLanguage = (typeof OCR_LANGUAGES)[number];

/** The value of a language list that asks for the script to be detected. */
export const AUTO_LANGUAGE = 'auto';
/** Languages one document may be read in at once: each one more costs time and can cost accuracy. */
export const MAX_OCR_LANGUAGES = 3;
