import { LOCALES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createTranslator } from './create-translator.ts';
import { isPlainText } from './plain-text.ts';
import { messagesFor, type MessageKey } from './messages.ts';

describe('the translator', () => {
  it('prints every plain message of every language as ICU prints it', () => {
    for (const locale of LOCALES) {
      const messages = messagesFor(locale);
      const { intl, t } = createTranslator(locale, messages);
      const plain = (Object.keys(messages) as MessageKey[]).filter((key) => isPlainText(messages[key]));
      expect(plain.length, locale).toBeGreaterThan(100);
      for (const key of plain) expect(t(key), `${locale} ${key}`).toBe(intl.formatMessage({ id: key }));
    }
  });

  it('leaves arguments, plurals, quotes and tags to ICU', () => {
    const messages = {
      'common.brand.name': 'Hello {name}',
      'common.nav.tools': '{count, plural, one {# tool} other {# tools}}',
      'common.nav.menu': "Don't '{'panic'}'",
    } as Record<MessageKey, string>;
    const { t } = createTranslator('en', messages);
    expect(isPlainText(messages['common.nav.menu'])).toBe(false);
    expect(t('common.brand.name', { name: 'Ada' })).toBe('Hello \u2068Ada\u2069');
    expect(t('common.nav.tools', { count: 1 })).toBe('1 tool');
    expect(t('common.nav.menu')).toBe("Don't {panic}");
  });
});
