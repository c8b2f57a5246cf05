import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n/locales.ts';
import { BLOG_POST_SLUGS } from './blog/blog-post-slugs.ts';
import {
  allAliasPaths,
  allPagePaths,
  blogPostPath,
  homePath,
  pagePath,
  sitePagePaths,
  splitLocale,
  switchLocale,
  toolPath,
} from './routes.ts';
import { TOOL_IDS } from './tools/tool-ids.ts';

describe('routes', () => {
  it('builds English paths without a prefix and others with one', () => {
    expect(toolPath('en', 'merge')).toBe('/merge-pdf');
    expect(toolPath('de', 'merge')).toBe('/de/merge-pdf');
    expect(toolPath('zh-tw', 'jpg-to-pdf')).toBe('/zh-tw/jpg-to-pdf');
    expect(homePath('en')).toBe('/');
    expect(homePath('ar')).toBe('/ar/');
  });

  it('splits the language off a path', () => {
    expect(splitLocale('/es/merge-pdf')).toEqual({ locale: 'es', rest: '/merge-pdf' });
    expect(splitLocale('/es')).toEqual({ locale: 'es', rest: '/' });
    expect(splitLocale('/merge-pdf')).toEqual({ locale: 'en', rest: '/merge-pdf' });
    expect(splitLocale('/en/merge-pdf')).toEqual({ locale: 'en', rest: '/en/merge-pdf' });
    expect(splitLocale('/xx/merge-pdf')).toEqual({ locale: 'en', rest: '/xx/merge-pdf' });
  });

  it('reads the language segment in any letter case, as the router matches it', () => {
    expect(splitLocale('/ES/no-such-page')).toEqual({ locale: 'es', rest: '/no-such-page' });
    expect(splitLocale('/zh-CN')).toEqual({ locale: 'zh-cn', rest: '/' });
    expect(splitLocale('/EN/merge-pdf')).toEqual({ locale: 'en', rest: '/EN/merge-pdf' });
  });

  it('switches the language of a path and keeps the page', () => {
    expect(switchLocale('/merge-pdf', 'ko')).toBe('/ko/merge-pdf');
    expect(switchLocale('/ko/merge-pdf', 'en')).toBe('/merge-pdf');
    expect(switchLocale('/ko/', 'ar')).toBe('/ar/');
    expect(switchLocale('/', 'fr')).toBe('/fr/');
  });

  it('builds blog post paths with the English slug in every language', () => {
    expect(blogPostPath('en', 'best-free-pdf-tools-2025')).toBe('/blog/best-free-pdf-tools-2025');
    expect(blogPostPath('zh-cn', 'best-free-pdf-tools-2025')).toBe('/zh-cn/blog/best-free-pdf-tools-2025');
  });

  it('lists home, every tool and the other pages in every language, once each', () => {
    const paths = allPagePaths();
    expect(sitePagePaths().length).toBeGreaterThan(1 + TOOL_IDS.length);
    expect(paths).toHaveLength(LOCALES.length * sitePagePaths().length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/');
    expect(paths).toContain('/ar/rotate-pdf');
    expect(paths).toContain('/status');
    expect(paths).toContain('/ar/api-docs');
    expect(paths).toContain('/ko/blog');
    for (const slug of BLOG_POST_SLUGS) expect(paths).toContain(blogPostPath('ar', slug));
    expect(paths).toContain(pagePath('ja', 'help-center'));
    expect(paths).toContain('/ar/privacy-policy');
  });

  it('prerenders /lp-center in every language, but not as a page of its own', () => {
    const aliases = allAliasPaths();
    expect(aliases).toHaveLength(LOCALES.length);
    expect(aliases).toContain('/lp-center');
    expect(aliases).toContain('/zh-tw/lp-center');
    expect(aliases.filter((path) => allPagePaths().includes(path))).toEqual([]);
  });
});
