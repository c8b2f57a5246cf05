/** Arabic, Hebrew, Syriac, Thaana, N'Ko and their presentation forms: written right to left. */
const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/gu;
const LTR_CHAR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/gu;
/** Han, kana, Hangul and CJK punctuation: no spaces between words. */
const CJK_CHAR = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;

/** Text whose letters are mostly Arabic or Hebrew. */
export function isMostlyRightToLeft(text: string): boolean {
  const rtl = text.match(RTL_CHAR)?.length ?? 0;
  const ltr = text.match(LTR_CHAR)?.length ?? 0;
  return rtl > 0 && rtl >= ltr;
}

export function hasRightToLeft(text: string): boolean {
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(text);
}

export function isCjk(char: string | undefined): boolean {
  return char !== undefined && CJK_CHAR.test(char);
}
