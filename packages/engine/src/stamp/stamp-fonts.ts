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
