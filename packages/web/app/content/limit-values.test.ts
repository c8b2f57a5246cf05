import { LOCALES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.ts';
import { fillPlaceholders, type OperatorValues } from './limit-values.ts';
import { renderMarkdown } from './render-markdown.ts';

const WITH_CONTACT: OperatorValues = { operatorName: 'Example Ops', contactEmail: 'ops@quire.example.net' };
const WITHOUT_CONTACT: OperatorValues = { operatorName: 'Example Ops', contactEmail: null };

const PAGES = import.meta.glob<string>('../../../../content/pages/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('fillPlaceholders', () => {
  const fill = (text: string, values: OperatorValues) => fillPlaceholders(text, 'en', 'test.md', values);

  it('names the operator and the limits in the language’s number format', () => {
    expect(fillPlaceholders('{operatorName}: {maxFileMegabytes} MB', 'de', 'test.md', WITH_CONTACT)).toBe(
      'Example Ops: 100 MB',
    );
  });

  it('keeps the text of a contact block only when the operator has set an address', () => {
    const text = 'Run by {operatorName}.{#contactEmail} Write to {contactEmail}.{/contactEmail} Thanks.';
    expect(fill(text, WITH_CONTACT)).toBe('Run by Example Ops. Write to ops@quire.example.net. Thanks.');
    expect(fill(text, WITHOUT_CONTACT)).toBe('Run by Example Ops. Thanks.');
  });

  it('says the other text of a block when the address is not set, over several paragraphs too', () => {
    const text =
      '{#contactEmail}## Contact\n\nWrite to {contactEmail}.{:else}No address.{/contactEmail}\n\nEnd.';
    expect(fill(text, WITH_CONTACT)).toBe('## Contact\n\nWrite to ops@quire.example.net.\n\nEnd.');
    expect(fill(text, WITHOUT_CONTACT)).toBe('No address.\n\nEnd.');
  });

  it('refuses content that names the address outside a block, whatever the settings', () => {
    for (const values of [WITH_CONTACT, WITHOUT_CONTACT]) {
      expect(() => fill('Write to {contactEmail}.', values)).toThrow(
        'test.md names {contactEmail} outside {#contactEmail}…{/contactEmail}',
      );
    }
  });

  it('refuses a block without its end, a block of a setting that is always set, and unknown names', () => {
    expect(() => fill('{#contactEmail}Write to us.', WITH_CONTACT)).toThrow('without its pair');
    expect(() => fill('{#operatorName}x{/operatorName}', WITH_CONTACT)).toThrow('never unset');
    expect(() => fill('{nope}', WITH_CONTACT)).toThrow('unknown value {nope}');
  });
});

describe('the legal and about pages, with and without a contact address', () => {
  const pages = Object.entries(PAGES).map(([file, raw]) => {
    const locale = LOCALES.find((candidate) => file.endsWith(`/${candidate}.md`)) ?? 'en';
    const { body } = splitFrontMatter(raw, file);
    const render = (values: OperatorValues) =>
      renderMarkdown(fillPlaceholders(body, locale, file, values), locale);
    return { file, locale, body, render };
  });

  it('covers the five pages in twelve languages', () => {
    expect(pages).toHaveLength(5 * LOCALES.length);
  });

  it.each(LOCALES)('%s: shows the operator’s address where the pages name one, as a mail link', (locale) => {
    for (const page of pages.filter((candidate) => candidate.locale === locale)) {
      const html = page.render(WITH_CONTACT);
      expect(html, page.file).toContain('ops@quire.example.net');
      expect(html, page.file).toContain('href="mailto:ops@quire.example.net"');
      expect(html, page.file).not.toMatch(/\{[#:/]|\{\w+\}/);
    }
  });

  it.each(LOCALES)('%s: names no address at all when none is set, and says so', (locale) => {
    for (const page of pages.filter((candidate) => candidate.locale === locale)) {
      const html = page.render(WITHOUT_CONTACT);
      expect(html, page.file).not.toMatch(/@|mailto:|example\.org|\{[#:/]|\{\w+\}/);
      // Where it says who runs the site, each page says that the operator has published no contact address.
      const elseText = /\{:else\}([^{]*)\{\/contactEmail\}/.exec(page.body)?.[1]?.trim() ?? '';
      expect(elseText, page.file).not.toBe('');
      expect(html, page.file).toContain(elseText.split(/[.。]/)[0]);
    }
  });
});
