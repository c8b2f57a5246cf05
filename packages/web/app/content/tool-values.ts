import { LOCALE_INFO, SITE_TOOL_IDS, toolPath, type Locale } from '@quire/shared';
import { getTranslator } from '../i18n/create-translator.ts';

/**
 * The words each language's prose writes a number of tools in; a number without a word here is written in digits,
 * in the language's number format. Each list stops where that language's usage turns to digits (English after
 * nine, German after twelve, French, Spanish, Italian, Portuguese, Korean and Chinese after ten), and leaves out
 * the words that would have to agree with the noun in gender or case (German "ein", Portuguese "dois/duas", every
 * Russian and Arabic numeral): there the digits stand, and the text picks the noun's form by the number's plural
 * category (`{toolCount, plural, …}`). Japanese writes digits before its counter (`9種類`). Korean counts with
 * its native numerals before `가지`, Chinese with `两`/`兩` for two before a measure word.
 */
const COUNT_WORDS: { readonly [L in Locale]: Readonly<Record<number, string>> } = {
  en: { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight', 9: 'nine' },
  de: {
    2: 'zwei',
    3: 'drei',
    4: 'vier',
    5: 'fünf',
    6: 'sechs',
    7: 'sieben',
    8: 'acht',
    9: 'neun',
    10: 'zehn',
    11: 'elf',
    12: 'zwölf',
  },
  fr: { 2: 'deux', 3: 'trois', 4: 'quatre', 5: 'cinq', 6: 'six', 7: 'sept', 8: 'huit', 9: 'neuf', 10: 'dix' },
  es: {
    2: 'dos',
    3: 'tres',
    4: 'cuatro',
    5: 'cinco',
    6: 'seis',
    7: 'siete',
    8: 'ocho',
    9: 'nueve',
    10: 'diez',
  },
  it: {
    2: 'due',
    3: 'tre',
    4: 'quattro',
    5: 'cinque',
    6: 'sei',
    7: 'sette',
    8: 'otto',
    9: 'nove',
    10: 'dieci',
  },
  pt: { 3: 'três', 4: 'quatro', 5: 'cinco', 6: 'seis', 7: 'sete', 8: 'oito', 9: 'nove', 10: 'dez' },
  ko: { 2: '두', 3: '세', 4: '네', 5: '다섯', 6: '여섯', 7: '일곱', 8: '여덟', 9: '아홉', 10: '열' },
  ja: {},
  'zh-cn': { 2: '两', 3: '三', 4: '四', 5: '五', 6: '六', 7: '七', 8: '八', 9: '九', 10: '十' },
  'zh-tw': { 2: '兩', 3: '三', 4: '四', 5: '五', 6: '六', 7: '七', 8: '八', 9: '九', 10: '十' },
  ru: {},
  ar: {},
};

/**
 * Lists of tools are joined as each language joins a list (`Intl.ListFormat`); English as this site writes it,
 * without a comma before the last "and".
 */
const LIST_LOCALES: Partial<Record<Locale, string>> = { en: 'en-GB' };

/** A number of things as `locale`'s prose writes it: its word where `COUNT_WORDS` has one, else its digits. */
export function countInWords(count: number, locale: Locale): string {
  return COUNT_WORDS[locale][count] ?? new Intl.NumberFormat(LOCALE_INFO[locale].tag).format(count);
}

/** How many tools the site has, as `locale` writes it (`{toolCount}`). */
export function toolCount(locale: Locale): string {
  return countInWords(SITE_TOOL_IDS.length, locale);
}

const LATIN_END = /[\p{Script=Latin}\d]$/u;
const LATIN_START = /^[\p{Script=Latin}\d]/u;

/**
 * Every tool in registry order, each a Markdown link to its page named by its title in `locale` (`{toolList}`). A
 * Chinese conjunction between a title ending in Latin letters and one starting with them gets a space on that side
 * (`旋转 PDF 和 PDF 文字识别`), as Chinese text spaces Latin words.
 */
export function toolList(locale: Locale): string {
  const { t } = getTranslator(locale);
  const titles = SITE_TOOL_IDS.map((id) => t(`tools.${id}.title`));
  const format = new Intl.ListFormat(LIST_LOCALES[locale] ?? LOCALE_INFO[locale].tag, {
    type: 'conjunction',
  });
  const parts = format.formatToParts(titles);
  return parts
    .map((part, index) => {
      if (part.type === 'element') {
        const id = SITE_TOOL_IDS[titles.indexOf(part.value)];
        return id === undefined ? part.value : `[${part.value}](${toolPath('en', id)})`;
      }
      if (!/^\p{Script=Han}+$/u.test(part.value)) return part.value;
      const before = LATIN_END.test(parts[index - 1]?.value ?? '') ? ' ' : '';
      const after = LATIN_START.test(parts[index + 1]?.value ?? '') ? ' ' : '';
      return `${before}${part.value}${after}`;
    })
    .join('');
}

/** What stands between a tool's title and its description in a list of them: Chinese and Japanese write a full-width colon. */
const TERM_SEPARATORS: Partial<Record<Locale, string>> = { 'zh-cn': '：', 'zh-tw': '：', ja: '：' };

/**
 * Every tool in registry order as a Markdown list, one item each: a link to its page named by its title in `locale`,
 * then what it does, its page's description (`{toolBullets}`), for a page that presents the tools one by one.
 */
export function toolBullets(locale: Locale): string {
  const { t } = getTranslator(locale);
  const separator = TERM_SEPARATORS[locale] ?? ': ';
  return SITE_TOOL_IDS.map(
    (id) => `- [${t(`tools.${id}.title`)}](${toolPath('en', id)})${separator}${t(`tools.${id}.description`)}`,
  ).join('\n');
}

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/** `{toolCount, plural, one {# tool} other {# tools}}`: branches of plain text, `#` the count. */
const TOOL_COUNT_PLURAL = /\{toolCount, plural,((?:\s*(?:=\d+|\w+)\s*\{[^{}]*\})+)\s*\}/g;
const BRANCH = /(=\d+|\w+)\s*\{([^{}]*)\}/g;

/**
 * Writes each `{toolCount, plural, …}` of `text` as ICU MessageFormat would, with the count in the language's
 * words (`countInWords`): the branch of the exact number (`=9`), else of its plural category in `locale`, else
 * `other`. A branch of an unknown category is an error.
 */
export function fillToolCountPlurals(
  text: string,
  locale: Locale,
  file: string,
  count: number = SITE_TOOL_IDS.length,
): string {
  const category = new Intl.PluralRules(LOCALE_INFO[locale].tag).select(count);
  return text.replace(TOOL_COUNT_PLURAL, (_match, body: string) => {
    const branches = new Map<string, string>();
    for (const [, key = '', words = ''] of body.matchAll(BRANCH)) {
      if (!key.startsWith('=') && !PLURAL_CATEGORIES.has(key)) {
        throw new Error(`${file}: {toolCount, plural, …} has a branch "${key}", which is no plural category`);
      }
      branches.set(key, words);
    }
    const chosen = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other');
    if (chosen === undefined) throw new Error(`${file}: {toolCount, plural, …} has no "other" branch`);
    return chosen.replace(/#/g, countInWords(count, locale));
  });
}
