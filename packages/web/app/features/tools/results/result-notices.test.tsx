import { LOCALES, toolPath, type Locale, type Notice } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { ResultNotices } from './result-notices.tsx';

/** The notices beside Compress's result on a page in `locale`, for its job's notices. */
const noticesOf = (locale: Locale, notices: readonly Notice[]) =>
  renderToString(
    <MemoryRouter initialEntries={[toolPath(locale, 'compress')]}>
      <ResultNotices toolId="compress" notices={notices} fileNames={['a.pdf']} />
    </MemoryRouter>,
  );

/** The text as React writes it into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

describe('ResultNotices of Compress', () => {
  it.each(LOCALES)('says in %s when every compression level gives the same file', (locale) => {
    const { t } = getTranslator(locale);
    const html = noticesOf(locale, [{ code: 'SAME_AT_EVERY_LEVEL' }]);
    expect(html).toContain('data-notice="SAME_AT_EVERY_LEVEL"');
    expect(html).toContain(asHtml(t('common.notices.SAME_AT_EVERY_LEVEL')));
  });

  it('says it beside the unchanged file too, which the summary already calls unchanged', () => {
    const html = noticesOf('en', [{ code: 'ALREADY_OPTIMAL' }, { code: 'SAME_AT_EVERY_LEVEL' }]);
    expect(html).toContain('every level gives the same result');
    expect(html).not.toContain('data-notice="ALREADY_OPTIMAL"');
  });
});

describe('ResultNotices of a protected file', () => {
  it.each(LOCALES)('says in %s which file had a password the result has not', (locale) => {
    const { t } = getTranslator(locale);
    const html = renderToString(
      <MemoryRouter initialEntries={[toolPath(locale, 'merge')]}>
        <ResultNotices
          toolId="merge"
          notices={[{ code: 'PASSWORD_REMOVED', fileIndex: 1 }]}
          fileNames={['agenda.pdf', 'minutes.pdf']}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('data-notice="PASSWORD_REMOVED"');
    const said = t('common.notices.PASSWORD_REMOVED', {
      fileName: 'minutes.pdf',
      hasFileName: 'yes',
      pages: 0,
      dpi: 0,
    });
    expect(said).toContain('minutes.pdf');
    expect(html).toContain(asHtml(said));
  });
});
