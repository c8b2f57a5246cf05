import { BLOG_POST_SLUGS, LOCALES, SITE_TOOL_IDS, type Locale } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import backlog from '../../../../content/i18n/translation-backlog.json';
import { TEXT_PAGES } from './content-schemas.ts';
import { BLOG_SLUGS, loadBlogIndex, loadBlogPost, loadFaq, loadHelp, loadTextPage } from './load-content.ts';
import { renderMarkdown } from './render-markdown.ts';

const FILES = Object.keys(
  import.meta.glob('../../../../content/{blog/*/*.md,pages/*/*.md,faq/*.json,help/*.json}'),
).map((file) => file.replace('../../../../content/', ''));

/** Every content file each language must have. */
function expectedFiles(locale: Locale): string[] {
  return [
    ...BLOG_SLUGS.map((slug) => `blog/${slug}/${locale}.md`),
    ...TEXT_PAGES.map((page) => `pages/${page}/${locale}.md`),
    `faq/${locale}.json`,
    `help/${locale}.json`,
  ];
}

describe('content', () => {
  it('has the ten blog posts of the spec', () => {
    expect(BLOG_SLUGS).toHaveLength(10);
  });

  it('lists in @quire/shared exactly the post folders under content/blog, in the order of their ids', async () => {
    expect([...BLOG_POST_SLUGS].sort()).toEqual(BLOG_SLUGS);
    for (const [index, slug] of BLOG_POST_SLUGS.entries()) {
      expect((await loadBlogPost(slug, 'en'))?.id, slug).toBe(String(index + 1));
    }
  });

  it.each(LOCALES)('%s: every file that exists fits its schema', async (locale) => {
    for (const slug of BLOG_SLUGS) await loadBlogPost(slug, locale);
    const index = await loadBlogIndex(locale);
    expect(index.map((post) => Number(post.id)).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    for (const page of TEXT_PAGES) {
      if (FILES.includes(`pages/${page}/en.md`)) await loadTextPage(page, locale);
    }
    if (FILES.includes('faq/en.json')) {
      const faq = await loadFaq(locale);
      expect(faq.items.every((item) => !/\{\w+\}/.test(item.answer))).toBe(true);
    }
    if (FILES.includes('help/en.json')) {
      const help = await loadHelp(locale);
      expect(help.guides.map((guide) => guide.toolId).sort()).toEqual([...SITE_TOOL_IDS].sort());
    }
  });

  it('lists exactly the translations still missing in content/i18n/translation-backlog.json', () => {
    const missing = LOCALES.flatMap((locale) =>
      expectedFiles(locale).filter((file) => !FILES.includes(file)),
    );
    expect(missing.sort()).toEqual([...backlog.missing].sort());
  });
});

describe('renderMarkdown', () => {
  it('localises links to our pages, escapes raw HTML and gives headings ids', () => {
    const html = renderMarkdown(
      '## Pourquoi fusionner ?\n\nVoir [Fusionner](/merge-pdf) <script>x</script> et [MDN](https://developer.mozilla.org).',
      'fr',
    );
    expect(html).toContain('<h2 id="pourquoi-fusionner">');
    expect(html).toContain('<a href="/fr/merge-pdf">Fusionner</a>');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown('[x](/merge-pdf)', 'en')).toContain('href="/merge-pdf"');
    expect(renderMarkdown('[source](/source.tar.gz)', 'fr')).toContain('href="/source.tar.gz"');
    expect(renderMarkdown('| a | b |\n|---|---|\n| 1 | 2 |', 'en')).toMatch(
      /^<div class="table-scroll" tabindex="0"><table>\n<thead>[\s\S]*<td>2<\/td>[\s\S]*<\/table>\n<\/div>/,
    );
  });
});
