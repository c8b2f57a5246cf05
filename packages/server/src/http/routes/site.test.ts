import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('the prerendered site', () => {
  it('serves each page at its clean URL', async () => {
    for (const [url, body] of [
      ['/', 'home en'],
      ['/es/', 'home es'],
      ['/es', 'home es'],
      ['/merge-pdf', 'merge en'],
      ['/es/merge-pdf', 'merge es'],
      ['/merge-pdf/', 'merge en'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(body);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await get('/assets/app-123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/immutable/);
  });

  it('serves the sitemap as XML, robots.txt as text and share images as JPEG', async () => {
    for (const [url, type] of [
      ['/sitemap.xml', /^application\/xml/],
      ['/robots.txt', /^text\/plain/],
      ['/og/en/index.jpg', /^image\/jpeg$/],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
    }
  });

  it('sends the compressed copy the client accepts, and never a copy by its own name', async () => {
    const asset = (encoding?: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/assets/app-123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await asset('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body).toBe('brotli copy');
    expect((await asset('gzip')).body).toBe('gzip copy');
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    expect((await get('/assets/app-123.js.br')).statusCode).toBe(404);
    expect((await get('/merge-pdf')).headers['content-encoding']).toBeUndefined();
    expect((await get('/source.tar.gz')).body).toBe('source archive');
  });

  it('answers an unknown path in a folder with a not-found page of its own with that page', async () => {
    for (const [url, body] of [
      ['/blog/no-such-post', 'post not found en'],
      ['/blog/no-such-post/', 'post not found en'],
      ['/blog/no-such-post.data', 'post not found en'],
      ['/es/blog/no-such-post', 'post not found es'],
      ['/blog/no-such-post/deeper', 'not found en, splat route'],
      ['/es/blog/no-such-post/deeper', 'not found es'],
      ['/fr/blog/no-such-post', 'not found en'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(body);
    }
    expect((await get('/blog')).body).toBe('blog en');
  });

  it("answers unknown paths with 404 and the not-found page of the path's language", async () => {
    for (const [url, body] of [
      ['/no-such-page', 'not found en'],
      ['/es/no-such-page', 'not found es'],
      ['/__spa-fallback.html', 'not found en'],
      ['/../../etc/passwd', 'not found en, splat route'],
      ['/%2e%2e/%2e%2e/etc/passwd', 'not found en, splat route'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(body);
    }
  });

  it('answers a path under an unknown language with the not-found page of the route the browser matches there', async () => {
    // The router reads any first segment as a language (`/:lang?/…`): `/xx/merge-pdf` is the merge route, `/xx`
    // the home route (the English not-found page itself), `/xx/blog/<slug>` the blog post route.
    for (const [url, body] of [
      ['/xx', 'not found en'],
      ['/xx/merge-pdf', 'not found en, merge route'],
      ['/en/merge-pdf', 'not found en, merge route'],
      ['/XX/Merge-PDF/', 'not found en, merge route'],
      ['/xx/blog', 'not found en, blog route'],
      ['/xx/blog/no-such-post', 'not found en, blog post route'],
      ['/xx/blog/no-such-post/deeper', 'not found en, splat route'],
      ['/xx/no-such-page', 'not found en, splat route'],
      ['/merge-pdf/deeper', 'not found en, splat route'],
      ['/es/merge-pdf/deeper', 'not found es'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(body);
    }
  });

  it('sends a page named in other letter case to its one address, as the browser would show it there', async () => {
    for (const [url, location] of [
      ['/Merge-PDF', '/merge-pdf'],
      ['/ES/merge-pdf', '/es/merge-pdf'],
      ['/es/MERGE-PDF/', '/es/merge-pdf/'],
      ['/Es', '/es'],
      ['/Blog?q=pdf', '/blog?q=pdf'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    // Only pages: never a file of the build, a not-found page or an asset.
    for (const url of ['/404.HTML', '/ES/404.html', '/Assets/app-123.js', '/SITEMAP.xml']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it("answers an unknown path in other letter case with the not-found page the browser's router will show", async () => {
    for (const [url, body] of [
      ['/FOO', 'not found en'],
      ['/ES/nope', 'not found es'],
      ['/BLOG/no-such-post', 'post not found en'],
      ['/Es/Blog/no-such-post', 'post not found es'],
    ]) {
      const response = await get(url as string);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(body);
    }
  });
});
