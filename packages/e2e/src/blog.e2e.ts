import { BLOG_POST_SLUGS, LOCALE_INFO, blogPostPath, pagePath, type Locale } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { mentions, readAllPosts, readPost } from './blog-content.ts';
import { useBrowserSession } from './browser-session.ts';
import { decodeHtml, expectedMessage, metaContents, readHead } from './page-head.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();

const message = async (locale: Locale, key: string, values?: Record<string, string>) =>
  (await expectedMessage(locale, key, values)).text;

async function fetchPage(path: string): Promise<{ status: number; html: string; text: string }> {
  const response = await fetch(new URL(path, baseUrl));
  const html = await response.text();
  const body = html.slice(html.indexOf('<body'));
  // The visible text: scripts and tags out, character references read.
  const text = decodeHtml(
    body
      .replace(/<script[\s\S]*?<\/script>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
  return { status: response.status, html, text };
}

/** Every schema.org node of the page's JSON-LD graphs. */
function graphNodes(html: string): Record<string, unknown>[] {
  return readHead(html).jsonLd.flatMap((doc) => (doc as { '@graph': Record<string, unknown>[] })['@graph']);
}

const longDate = (isoDate: string, locale: Locale) =>
  new Intl.DateTimeFormat(LOCALE_INFO[locale].tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

const cardSlugs = (page: Page) =>
  page
    .locator('[data-testid^="post-card-"]:not([data-testid="post-card-title"])')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')?.replace('post-card-', '')));

describe('the blog as prerendered, as a search engine reads it', () => {
  it.each(['en', 'es', 'ja', 'ar'] as const)(
    '%s: the listing has every post with its localized date and read time, its title and Blog JSON-LD',
    async (locale) => {
      const path = pagePath(locale, 'blog');
      const { status, html, text } = await fetchPage(path);
      expect(status).toBe(200);
      const head = readHead(html);
      expect(head.title).toBe(await message(locale, 'blog.seo.listingTitle'));
      expect(metaContents(head, 'description')).toEqual([
        await message(locale, 'blog.seo.listingDescription'),
      ]);
      expect(text).toContain(await message(locale, 'blog.listing.title'));
      for (const post of await readAllPosts(locale)) {
        expect(text, post.slug).toContain(post.title);
        expect(html, post.slug).toContain(`href="${blogPostPath(locale, post.slug)}"`);
        expect(html).toContain(`dateTime="${post.publishDate}"`);
        expect(text).toContain(longDate(post.publishDate, locale));
        expect(text).toContain(await message(locale, 'blog.readTime', { minutes: String(post.readTime) }));
      }
      const blog = graphNodes(html).find((node) => node['@type'] === 'Blog');
      expect(blog?.inLanguage).toBe(LOCALE_INFO[locale].tag);
      expect(blog?.blogPost).toHaveLength(BLOG_POST_SLUGS.length);
    },
  );

  it.each([
    ['en', 'how-to-convert-pdf-to-word-safely'],
    ['de', 'tips-splitting-large-pdf-files'],
    ['ar', 'why-security-matters-online-pdf-tools'],
    ['zh-tw', 'how-to-merge-pdf-files-online'],
  ] as const)('%s: %s has its article head, its text and BlogPosting JSON-LD', async (locale, slug) => {
    const post = await readPost(slug, locale);
    const path = blogPostPath(locale, slug);
    const { status, html, text } = await fetchPage(path);
    expect(status).toBe(200);
    const head = readHead(html);
    expect(head.html.get('lang')).toBe(LOCALE_INFO[locale].tag);
    expect(head.title).toBe(post.seoTitle);
    expect(metaContents(head, 'description')).toEqual([post.metaDescription]);
    expect(metaContents(head, 'keywords')).toEqual([post.tags.join(', ')]);
    expect(metaContents(head, 'og:type')).toEqual(['article']);
    expect(metaContents(head, 'author')).toEqual([post.author]);
    expect(metaContents(head, 'article:published_time')).toEqual([post.publishDate]);
    const canonical = head.links.find((link) => link.get('rel') === 'canonical')?.get('href');
    expect(new URL(canonical ?? '').pathname).toBe(path);
    const article = graphNodes(html).find((node) => node['@type'] === 'BlogPosting');
    expect(article).toMatchObject({
      headline: post.title,
      datePublished: post.publishDate,
      inLanguage: LOCALE_INFO[locale].tag,
      author: { name: post.author },
      keywords: post.tags.join(', '),
    });
    expect(text).toContain(post.title);
    expect(text).toContain(longDate(post.publishDate, locale));
    expect(text).toContain(await message(locale, 'blog.readTime', { minutes: String(post.readTime) }));
    expect(html).toMatch(/<div class="rich-text[^"]*"[^>]*><p>/);
    expect(html.match(/<h2 id="/g)?.length ?? 0).toBeGreaterThan(2);
  });

  it.each(['en', 'fr', 'ar'] as const)(
    '%s: an unknown slug is a 404 with Post Not Found and a way back to the blog',
    async (locale) => {
      const { status, html, text } = await fetchPage(blogPostPath(locale, 'no-such-post'));
      expect(status).toBe(404);
      expect(readHead(html).html.get('lang')).toBe(LOCALE_INFO[locale].tag);
      expect(metaContents(readHead(html), 'robots')).toEqual(['noindex']);
      expect(text).toContain(await message(locale, 'blog.notFound.title'));
      expect(text).toContain(await message(locale, 'blog.notFound.body'));
      expect(text).toContain(await message(locale, 'blog.notFound.back'));
      expect(html).toContain(`href="${pagePath(locale, 'blog')}"`);
    },
  );
});

describe('the blog listing in Chromium', () => {
  it('filters by search text and by category, keeps both in the URL, and clears them', async () => {
    const posts = await readAllPosts('en');
    const page = await session.open('/blog');
    expect(await cardSlugs(page)).toHaveLength(BLOG_POST_SLUGS.length);

    const search = page.getByTestId('blog-search');
    await search.fill('FILE');
    const withFile = posts.filter((post) => mentions(post, 'file')).map((post) => post.slug);
    await expect.poll(async () => (await cardSlugs(page)).sort()).toEqual([...withFile].sort());
    expect(withFile.length).toBeGreaterThan(1);
    expect(withFile.length).toBeLessThan(BLOG_POST_SLUGS.length);
    expect(await page.getByTestId('result-count').innerText()).toBe(
      await message('en', 'blog.listing.resultCount', { count: String(withFile.length) }),
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('FILE');

    await page.getByTestId('category-how-to').click();
    const howToWithFile = posts
      .filter((post) => post.category === 'how-to' && mentions(post, 'file'))
      .map((post) => post.slug);
    await expect.poll(async () => (await cardSlugs(page)).sort()).toEqual([...howToWithFile].sort());
    expect(howToWithFile.length).toBeLessThan(withFile.length);
    expect(await page.getByTestId('category-how-to').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('category-all').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => new URL(page.url()).search).toBe('?q=FILE&category=how-to');

    await search.fill('quantum teleportation');
    await page.getByTestId('no-results').waitFor();
    expect(await page.getByTestId('no-results').innerText()).toContain(
      await message('en', 'blog.listing.noResults'),
    );
    expect(await cardSlugs(page)).toEqual([]);

    const clear = page.getByTestId('clear-filters');
    expect(await clear.innerText()).toBe(await message('en', 'blog.listing.clearFilters'));
    await clear.click();
    await expect.poll(() => cardSlugs(page)).toHaveLength(BLOG_POST_SLUGS.length);
    expect(await search.inputValue()).toBe('');
    expect(await page.getByTestId('category-all').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('blog-search');
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('offers All and each category the posts use, named in the page language', async () => {
    const posts = await readAllPosts('es');
    const page = await session.open('/es/blog');
    const labels = await page.getByTestId('category-filter').locator('button').allInnerTexts();
    const categories = new Set(posts.map((post) => post.category));
    expect(labels).toHaveLength(1 + categories.size);
    expect(labels[0]).toBe(await message('es', 'blog.listing.all'));
    for (const category of categories) {
      expect(labels).toContain(await message('es', `blog.categories.${category}`));
    }
  });

  it('applies ?q= and ?category= on load, as the home page’s search action links here', async () => {
    const posts = await readAllPosts('en');
    const page = await session.open('/blog?q=Compression');
    await expect
      .poll(async () => (await cardSlugs(page)).sort())
      .toEqual(
        posts
          .filter((post) => mentions(post, 'compression'))
          .map((post) => post.slug)
          .sort(),
      );
    expect(await page.getByTestId('blog-search').inputValue()).toBe('Compression');

    const spanish = await readAllPosts('es');
    const security = await session.open('/es/blog?category=security');
    await expect
      .poll(async () => (await cardSlugs(security)).sort())
      .toEqual(
        spanish
          .filter((post) => post.category === 'security')
          .map((post) => post.slug)
          .sort(),
      );
    expect(await security.getByTestId('category-security').getAttribute('aria-pressed')).toBe('true');
  });
});

describe('a blog post in Chromium', () => {
  it('shows its parts and related posts, which lead to the other post', async () => {
    const post = await readPost('how-to-convert-pdf-to-word-safely', 'en');
    const related = await readPost('why-security-matters-online-pdf-tools', 'en');
    const page = await session.open(blogPostPath('en', post.slug));

    expect(await page.getByTestId('back-to-blog').getAttribute('href')).toBe('/blog');
    expect(await page.locator('h1').innerText()).toBe(post.title);
    const article = page.getByTestId('blog-post');
    expect(await article.getByTestId('category-badge').innerText()).toBe(
      await message('en', 'blog.categories.security'),
    );
    expect(await article.getByTestId('read-time').innerText()).toBe(
      await message('en', 'blog.readTime', { minutes: String(post.readTime) }),
    );
    expect(await page.getByTestId('post-author').innerText()).toBe(
      await message('en', 'blog.post.byline', { author: post.author }),
    );
    const date = page.getByTestId('post-date');
    expect(await date.getAttribute('datetime')).toBe(post.publishDate);
    expect(await date.innerText()).toBe(longDate(post.publishDate, 'en'));
    expect(await article.getByTestId('tag').allInnerTexts()).toEqual(post.tags);
    expect(await page.getByTestId('share-button').innerText()).toBe(await message('en', 'blog.post.share'));
    expect(await page.getByTestId('post-body').locator('h2').count()).toBeGreaterThan(2);

    const section = page.getByTestId('related-posts');
    expect(await section.locator('h2').innerText()).toBe(await message('en', 'blog.post.related'));
    const cards = section.locator('article');
    expect(await cards.count()).toBe(1);
    expect(await cards.locator('h3').innerText()).toBe(related.title);
    expect(await cards.getByTestId('category-badge').innerText()).toBe(
      await message('en', 'blog.categories.security'),
    );
    await cards.getByTestId('related-read-more').click();
    await page.waitForURL(`**${blogPostPath('en', related.slug)}`);
    await expect.poll(() => page.locator('h1').innerText()).toBe(related.title);
    expect(await page.getByTestId('related-posts').locator('h3').innerText()).toBe(post.title);
  });

  it('hides Related Articles when no other post shares the category', async () => {
    const page = await session.open(blogPostPath('fr', 'how-to-merge-pdf-files-online'));
    await page.getByTestId('post-body').waitFor();
    expect(await page.getByTestId('related-posts').count()).toBe(0);
  });

  it('without Web Share, copies the URL and says so for two seconds', async () => {
    const path = blogPostPath('en', 'tips-splitting-large-pdf-files');
    const page = await session.open(
      path,
      { permissions: ['clipboard-read', 'clipboard-write'] },
      async (fresh) => {
        await fresh.addInitScript(() => {
          delete (Navigator.prototype as Partial<Navigator>).share;
          delete (Navigator.prototype as Partial<Navigator>).canShare;
        });
        await fresh.clock.install();
      },
    );
    expect(await page.evaluate(() => 'share' in navigator)).toBe(false);
    // Time stands still from here: only runFor moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const button = page.getByTestId('share-button');
    await button.click();
    await expect.poll(() => button.innerText()).toBe(await message('en', 'blog.post.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(path, baseUrl).href);
    expect(await page.getByTestId('share-status').innerText()).toBe(
      await message('en', 'blog.post.copiedAnnouncement'),
    );
    expect(await page.getByTestId('share-status').getAttribute('role')).toBe('status');

    await page.clock.runFor(1_900);
    expect(await button.getAttribute('data-feedback')).toBe('copied');
    await page.clock.runFor(200);
    await expect.poll(() => button.innerText()).toBe(await message('en', 'blog.post.share'));
    expect(await page.getByTestId('share-status').innerText()).toBe('');
  });

  it('with Web Share, shares the title, the excerpt and the URL', async () => {
    const post = await readPost('pdf-compression-techniques-explained', 'ko');
    const path = blogPostPath('ko', post.slug);
    const page = await session.open(path, {}, async (fresh) => {
      await fresh.addInitScript(() => {
        const shared: ShareData[] = [];
        Object.assign(window, { sharedData: shared });
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: async (data: ShareData) => void shared.push(data),
        });
        Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
      });
    });
    await page.getByTestId('share-button').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData))
      .toEqual([{ title: post.title, text: post.excerpt, url: new URL(path, baseUrl).href }]);
    expect(await page.getByTestId('share-button').getAttribute('data-feedback')).toBe('none');
  });

  it('shows Post Not Found for an unknown slug, opened directly (HTTP 404) or reached inside the app', async () => {
    const page = await session.open('/ar/blog/no-such-post');
    const notFound = page.getByTestId('post-not-found');
    expect(await notFound.locator('h1').innerText()).toBe(await message('ar', 'blog.notFound.title'));
    expect(await notFound.locator('p').innerText()).toBe(await message('ar', 'blog.notFound.body'));
    const status = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStatus,
    );
    expect(status).toBe(404);
    await notFound.getByTestId('back-to-blog').click();
    await page.waitForURL('**/ar/blog');
    await page.getByTestId('post-grid').waitFor();

    // A navigation inside the app fetches the post's data, finds none and shows the same page.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }
      ).__reactRouterDataRouter.navigate('/ar/blog/another-missing-post'),
    );
    await page.getByTestId('post-not-found').waitFor();
    expect(await page.getByTestId('post-not-found').locator('h1').innerText()).toBe(
      await message('ar', 'blog.notFound.title'),
    );
  });
});
