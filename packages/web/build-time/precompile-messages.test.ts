import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../app/i18n/create-translator.ts';
import type { MessageValues } from '../app/i18n/create-translator.ts';
import { messagesFor, type MessageKey } from '../app/i18n/messages.ts';
import { precompileMessageTree, precompileMessages } from './precompile-messages.ts';

/** A value for each argument a message reads, of the kind it reads (a count for a plural, `other` for a select). */
function sampleValues(
  elements: readonly MessageFormatElement[],
  count: number,
  into: Record<string, string | number> = {},
) {
  for (const element of elements) {
    if (!('value' in element) || element.type === 0) continue;
    if ('options' in element) {
      into[element.value] = 'pluralType' in element ? count : 'other';
      for (const option of Object.values(element.options)) sampleValues(option.value, count, into);
    } else if ('children' in element) sampleValues(element.children, count, into);
    else into[element.value] ??= element.type === 1 ? 'report (final).pdf' : count;
  }
  return into;
}

describe('precompiled messages', () => {
  it('keep plain words as strings and give the rest as the trees ICU parses them into', () => {
    const compiled = precompileMessageTree({
      nav: { tools: 'Tools', count: '{count, plural, one {# file} other {# files}}' },
      quote: "Don't",
      broken: 'Hello {name',
    });
    expect(compiled.nav).toEqual({
      tools: 'Tools',
      count: parse('{count, plural, one {# file} other {# files}}'),
    });
    expect(compiled.quote).toEqual([{ type: 0, value: "Don't" }]);
    // What ICU cannot read stays as written, for the translation check to report.
    expect(compiled.broken).toBe('Hello {name');
  });

  it('translate every message of every language as the written messages do', () => {
    for (const locale of LOCALES) {
      const written = messagesFor(locale);
      const compiled = precompileMessageTree(written as Record<string, string>);
      expect(Object.values(compiled).some(Array.isArray), locale).toBe(true);
      const fromText = createTranslator(locale, written);
      const fromTrees = createTranslator(locale, compiled as Record<string, string | MessageFormatElement[]>);
      for (const [key, message] of Object.entries(written)) {
        if (typeof message !== 'string') throw new Error(`${key} is not written as text`);
        const elements = (() => {
          try {
            return parse(message);
          } catch {
            return [];
          }
        })();
        for (const count of [1, 3]) {
          const values: MessageValues = sampleValues(elements, count);
          expect(fromTrees.t(key as MessageKey, values), `${locale} ${key}`).toBe(
            fromText.t(key as MessageKey, values),
          );
        }
      }
    }
  });

  it('turn the message files of the client build into trees, and only those', () => {
    const plugin = precompileMessages();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const file = '/quire/content/locales/de/common.json';
    const output = transform(JSON.stringify({ a: 'Werkzeuge', b: '{n} Dateien' }), file);
    expect(JSON.parse(output?.code ?? '')).toEqual({ a: 'Werkzeuge', b: parse('{n} Dateien') });
    expect(transform('{"a":"{n}"}', '/quire/content/help/de.json')).toBeNull();
    const appliesTo = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(appliesTo({ name: 'client' })).toBe(true);
    expect(appliesTo({ name: 'ssr' })).toBe(false);
  });
});
