import { LOCALE_INFO, type Locale } from '@quire/shared';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { isolateValues, plainArgumentsOf, type MessageValue } from './isolate-values.ts';
import { hasMessages, messagesFor, type Message, type MessageKey } from './messages.ts';
import { isPlainText } from './plain-text.ts';

export type MessageValues = Readonly<Record<string, MessageValue>>;

/**
 * Translates a typed key with ICU MessageFormat (plurals, selects) in the given language. A string value printed
 * as it is (`{fileName}`) is wrapped in a first-strong isolate, so a file name or a page range reads correctly in
 * a sentence of the other direction; pass text of the page's own language through `markAsPageText`. A number is
 * written in the language's number format (`99,5` in German), wherever the message puts it.
 */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

export type Translator = { intl: IntlShape; t: Translate; locale: Locale; messages: Record<string, Message> };

const intlCache = createIntlCache();

export function createTranslator(
  locale: Locale,
  messages: Record<string, Message> = messagesFor(locale),
): Translator {
  const intl = createIntl(
    {
      locale: LOCALE_INFO[locale].tag,
      defaultLocale: LOCALE_INFO.en.tag,
      // Typed as all strings or all trees; react-intl reads each message on its own, so a mix of both is fine.
      messages: messages as Record<string, string>,
      onError: (error) => {
        if (import.meta.env.DEV) console.error(error);
      },
    },
    intlCache,
  );
  const plainArguments = new Map<MessageKey, ReadonlySet<string>>();
  const plainArgumentsFor = (key: MessageKey) => {
    let names = plainArguments.get(key);
    if (!names) {
      const message = messages[key];
      names = message === undefined ? new Set<string>() : plainArgumentsOf(message);
      plainArguments.set(key, names);
    }
    return names;
  };
  const numberFormat = new Intl.NumberFormat(LOCALE_INFO[locale].tag);
  const t: Translate = (key, values) => {
    const message = messages[key];
    // Most messages are plain words: ICU would give them back unchanged, after parsing each one and resolving the
    // page's locale for it, work a slow phone pays for hundreds of messages while the page hydrates.
    if (isPlainText(message)) return message;
    return intl.formatMessage(
      { id: key },
      values && isolateValues(values, plainArgumentsFor(key), (value) => numberFormat.format(value)),
    );
  };
  return { intl, t, locale, messages };
}

const translators = new Map<Locale, Translator>();

/**
 * One shared translator per language, for components and for route `meta` functions alike, made again when more
 * of its messages arrive (a page namespace). A language whose messages are not loaded yet (see `loadMessages`)
 * gets an English one that is not kept.
 */
export function getTranslator(locale: Locale): Translator {
  const messages = messagesFor(locale);
  let translator = translators.get(locale);
  if (translator?.messages !== messages) {
    translator = createTranslator(locale, messages);
    if (hasMessages(locale)) translators.set(locale, translator);
  }
  return translator;
}
