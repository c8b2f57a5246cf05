import { LOCALES, SITE_TOOL_IDS, toolPath } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../i18n/create-translator.ts';
import { BLOG_SLUGS, loadBlogPost, loadTextPage } from './load-content.ts';
import { fillPlaceholders } from './limit-values.ts';
import { countInWords, fillToolCountPlurals, toolBullets, toolList } from './tool-values.ts';

const RU =
  '{toolCount, plural, one {# инструмент} few {# инструмента} many {# инструментов} other {# инструмента}}';
const AR = '{toolCount, plural, few {# أدوات} other {# أداة}}';

describe('a number of tools in prose', () => {
  it('is a word where the language writes one, else digits', () => {
    expect(countInWords(9, 'en')).toBe('nine');
    expect(countInWords(11, 'en')).toBe('11');
    expect(countInWords(11, 'de')).toBe('elf');
    expect(countInWords(13, 'de')).toBe('13');
    expect(countInWords(9, 'ko')).toBe('아홉');
    expect(countInWords(2, 'zh-cn')).toBe('两');
    expect(countInWords(2, 'zh-tw')).toBe('兩');
    expect(countInWords(2, 'pt')).toBe('2');
    expect(countInWords(9, 'ja')).toBe('9');
    expect(countInWords(9, 'ru')).toBe('9');
    expect(countInWords(1234, 'de')).toBe('1.234');
  });

  it('gives the noun the form the number asks for in Russian and Arabic', () => {
    const ru = (count: number) => fillToolCountPlurals(`В нём ${RU}.`, 'ru', 'test.md', count);
    expect(ru(9)).toBe('В нём 9 инструментов.');
    expect(ru(21)).toBe('В нём 21 инструмент.');
    expect(ru(23)).toBe('В нём 23 инструмента.');
    const ar = (count: number) => fillToolCountPlurals(`ويقدّم ${AR}.`, 'ar', 'test.md', count);
    expect(ar(9)).toBe('ويقدّم 9 أدوات.');
    expect(ar(11)).toBe('ويقدّم 11 أداة.');
  });

  it('takes an exact branch before the category, and writes the count in words in the branch', () => {
    const text = '{toolCount, plural, =9 {all nine} one {# tool} other {# tools}}';
    expect(fillToolCountPlurals(text, 'en', 'test.md', 9)).toBe('all nine');
    expect(fillToolCountPlurals(text, 'en', 'test.md', 7)).toBe('seven tools');
  });

  it('refuses a branch that is no plural category, and a choice without "other"', () => {
    expect(() => fillToolCountPlurals('{toolCount, plural, lots {#}}', 'en', 'x.md', 9)).toThrow(
      'x.md: {toolCount, plural, …} has a branch "lots"',
    );
    expect(() => fillToolCountPlurals('{toolCount, plural, one {#}}', 'en', 'x.md', 9)).toThrow('no "other"');
  });
});

describe('the list of tools', () => {
  it.each(LOCALES)('%s: links every tool of the site by its title, in order, as one list', (locale) => {
    const { t } = getTranslator(locale);
    const list = toolList(locale);
    let from = 0;
    for (const id of SITE_TOOL_IDS) {
      const link = `[${t(`tools.${id}.title`)}](${toolPath('en', id)})`;
      const at = list.indexOf(link, from);
      expect(at, `${locale} ${id}`).toBeGreaterThanOrEqual(from);
      from = at + link.length;
    }
    expect(from).toBe(list.length);
  });

  it.each(LOCALES)('%s: as items, each tool a link by its title and its description, in order', (locale) => {
    const { t } = getTranslator(locale);
    const items = toolBullets(locale).split('\n');
    expect(items).toHaveLength(SITE_TOOL_IDS.length);
    SITE_TOOL_IDS.forEach((id, index) => {
      expect(items[index]).toMatch(
        new RegExp(`^- \\[${t(`tools.${id}.title`)}\\]\\(${toolPath('en', id)}\\)[:：]`),
      );
      expect(items[index]?.endsWith(t(`tools.${id}.description`))).toBe(true);
    });
  });

  it('spaces a Chinese conjunction from the Latin letters beside it', () => {
    for (const locale of ['zh-cn', 'zh-tw'] as const) {
      const list = toolList(locale);
      expect(list).toMatch(/[和與及]/);
      expect(list, locale).not.toMatch(/[A-Za-z\d]\]\([^)]*\)[和與及]|[和與及]\[[A-Za-z\d]/);
    }
  });

  it('joins English as the site writes it, without a comma before "and"', () => {
    const last = SITE_TOOL_IDS.at(-1) ?? 'merge';
    expect(toolList('en')).toMatch(
      new RegExp(`\\), \\[.*\\) and \\[[^\\]]+\\]\\(${toolPath('en', last)}\\)$`),
    );
    expect(toolList('en')).not.toContain(', and ');
  });
});

describe('content that counts or lists the tools', () => {
  const count = SITE_TOOL_IDS.length;

  it.each(LOCALES)('%s: the about page counts the registry’s tools', async (locale) => {
    const page = await loadTextPage('about', locale);
    expect(page.html).toContain(fillPlaceholders('{toolCount}', locale, 'test.md'));
    expect(page.html).not.toMatch(/\{\w+[},]/);
  });

  it.each(LOCALES)(
    '%s: the about page presents every tool of the registry, linked, with what it does',
    async (locale) => {
      // It listed eight by hand, and missed OCR PDF when it came.
      const { t } = getTranslator(locale);
      const page = await loadTextPage('about', locale);
      for (const id of SITE_TOOL_IDS) {
        expect(page.html, `${locale} ${id}`).toContain(`href="${toolPath(locale, id)}"`);
        expect(page.html, `${locale} ${id}`).toContain(t(`tools.${id}.description`).slice(0, 12));
      }
    },
  );

  it.each(LOCALES)(
    '%s: every post is filled in, and a post that lists the tools links each one',
    async (locale) => {
      const posts = await Promise.all(BLOG_SLUGS.map((slug) => loadBlogPost(slug, locale)));
      for (const post of posts) expect(post?.html, post?.slug).not.toMatch(/\{\w+[},]/);
      const listing = posts.find((post) => post?.slug === 'best-free-pdf-tools-2025');
      for (const id of SITE_TOOL_IDS) {
        expect(listing?.html, `${locale} ${id}`).toContain(`href="${toolPath(locale, id)}"`);
      }
      expect(listing?.html).toContain(countInWords(count, locale));
    },
  );
});
