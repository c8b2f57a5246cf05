import {
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  TYPE,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';

/**
 * The translation check run by `npm test`: a locale's messages must have exactly English's keys, parse as ICU
 * MessageFormat, use the same arguments, give every plural the forms the language needs (Arabic's six), print a
 * plural's count as `#` (the translator writes a number printed as it is in the language's format, but a plural's
 * count must reach ICU as a number), and not be English left untranslated.
 */
export type TranslationProblem = { readonly key: string; readonly problem: string };

/**
 * Words that read the same in every language we ship: the brand, file types, units and formats. A message made of
 * nothing else (plus arguments, digits and punctuation) may stay identical to English.
 */
const UNTRANSLATED_WORDS = new Set(
  [
    'quire',
    'pdf',
    'pdfs',
    'jpg',
    'jpeg',
    'png',
    'doc',
    'docx',
    'word',
    'excel',
    'csv',
    'ods',
    'xlsx',
    'xls',
    'powerpoint',
    'pptx',
    'ppt',
    'ppsx',
    'odp',
    'odt',
    'rtf',
    'txt',
    'zip',
    'html',
    'htm',
    'css',
    'api',
    'dpi',
    'mb',
    'a4',
    'a3',
    'a5',
    'mm',
    'tabloid',
    // French for a page's orientation, and for its upright one.
    'orientation',
    'portrait',
    'url',
    'ok',
    'faq',
    'agpl',
    'github',
  ].map((word) => word.toLowerCase()),
);

type Plural = { readonly name: string; readonly ordinal: boolean; readonly forms: readonly string[] };
type Shape = {
  readonly args: ReadonlySet<string>;
  /** Arguments printed as they are (`{count}`), not through a plural, a select or a format. */
  readonly plainArgs: ReadonlySet<string>;
  readonly plurals: readonly Plural[];
  readonly text: string;
};

/** Arguments, plurals and the literal text of a parsed message. */
function shapeOf(elements: readonly MessageFormatElement[]): Shape {
  const args = new Set<string>();
  const plainArgs = new Set<string>();
  const plurals: Plural[] = [];
  const text: string[] = [];
  const walk = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      if (element.type === TYPE.literal) text.push(element.value);
      else if (element.type !== TYPE.pound) args.add(element.value);
      if (element.type === TYPE.argument) plainArgs.add(element.value);
      if (isPluralElement(element)) {
        plurals.push({
          name: element.value,
          ordinal: element.pluralType === 'ordinal',
          forms: Object.keys(element.options),
        });
      }
      if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (isTagElement(element)) walk(element.children);
    }
  };
  walk(elements);
  return { args, plainArgs, plurals, text: text.join(' ') };
}

function parseMessage(message: string): MessageFormatElement[] | Error {
  try {
    return parse(message, { requiresOtherClause: true });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** True when a message's own words are all brand or file-type words (nothing that a translator should change). */
export function isLanguageNeutral(message: string): boolean {
  const elements = parseMessage(message);
  const text = elements instanceof Error ? message : shapeOf(elements).text;
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.filter((word) => /\p{L}/u.test(word)) ?? [];
  return words.every((word) => UNTRANSLATED_WORDS.has(word));
}

/**
 * The plural forms a language uses for the counts we show (whole numbers up to 10,000), plus `other`, which ICU
 * always needs. French's `many` (only for multiples of a million) is not asked for; Arabic's six forms are.
 */
function formsInUse(locale: string, type: Intl.PluralRuleType): string[] {
  const rules = new Intl.PluralRules(locale, { type });
  const forms = new Set<string>(['other']);
  for (let count = 0; count <= 10_000; count += 1) forms.add(rules.select(count));
  return [...forms].sort();
}

/**
 * Checks one locale's flat messages against English's. `allowIdentical` lists keys that may stay as in English
 * for a reason beyond the word list (a placeholder example such as `1-5, 10-15`).
 */
export function checkTranslations(
  locale: string,
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
  allowIdentical: ReadonlySet<string> = new Set(),
): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const report = (key: string, problem: string) => problems.push({ key, problem });
  const cardinal = formsInUse(locale, 'cardinal');
  const ordinal = formsInUse(locale, 'ordinal');

  for (const key of Object.keys(translated)) {
    if (!(key in english)) report(key, 'extra key: English has no such message');
  }
  for (const [key, source] of Object.entries(english)) {
    const message = translated[key];
    if (message === undefined) {
      report(key, 'missing');
      continue;
    }
    if (message.trim() === '') {
      report(key, 'empty');
      continue;
    }
    const parsed = parseMessage(message);
    if (parsed instanceof Error) {
      report(key, `not valid ICU MessageFormat: ${parsed.message}`);
      continue;
    }
    const sourceParsed = parseMessage(source);
    if (sourceParsed instanceof Error) {
      report(key, `the English message is not valid ICU MessageFormat: ${sourceParsed.message}`);
      continue;
    }
    const own = shapeOf(parsed);
    const expected = shapeOf(sourceParsed);
    const lost = [...expected.args].filter((arg) => !own.args.has(arg));
    const unknown = [...own.args].filter((arg) => !expected.args.has(arg));
    if (lost.length > 0) report(key, `drops the argument(s) ${lost.map((a) => `{${a}}`).join(', ')}`);
    if (unknown.length > 0)
      report(key, `uses unknown argument(s) ${unknown.map((a) => `{${a}}`).join(', ')}`);
    for (const plural of own.plurals) {
      if (own.plainArgs.has(plural.name)) {
        report(
          key,
          `prints the count {${plural.name}} as it is: write # inside its plural, which formats it`,
        );
      }
      const needed = plural.ordinal ? ordinal : cardinal;
      const missingForms = needed.filter((form) => !plural.forms.includes(form));
      if (missingForms.length > 0) {
        report(key, `plural {${plural.name}} lacks the ${locale} form(s): ${missingForms.join(', ')}`);
      }
    }
    if (message === source && !allowIdentical.has(key) && !isLanguageNeutral(source)) {
      report(key, 'identical to English: translate it, or allow-list it if it is the same in this language');
    }
  }
  return problems;
}
