import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTO_MARGINS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { useJobContext } from '../../test/job-context.ts';
import type { HtmlSite } from './html-site.ts';
import { answerRequest, PAGE_ORIGIN, printHtml } from './print-html.ts';

const ctx = useJobContext(60_000);

const FILES: Record<string, string> = {
  'site/index.html': '<p>page</p>',
  'site/css/a.css': 'p {}',
  'site/img/ä b.png': 'png',
  'site/sub/index.html': '<p>sub</p>',
};
const site: HtmlSite = {
  indexPath: 'site/index.html',
  read: (path) => (path in FILES ? new TextEncoder().encode(FILES[path]) : null),
  fileCount: Object.keys(FILES).length,
};
const get = (url: string, isPageNavigation = false, hasNavigated = false) =>
  answerRequest(site, { url, method: 'GET', isPageNavigation }, hasNavigated);

/**
 * The interception alone, without the content security policy that stops most requests before it and the
 * sandbox without network behind it (`chromium-sandbox.test.ts`): what each request is answered with.
 */
describe('answerRequest', () => {
  it("answers GETs of the page's origin with the site's files, typed, and a bare 404 for others", () => {
    expect(get(`${PAGE_ORIGIN}/site/index.html`, true)).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/html', 'cache-control': 'no-store' },
    });
    expect(get(`${PAGE_ORIGIN}/site/index.html`)?.headers?.['content-security-policy']).toContain(
      "default-src 'self'",
    );
    expect(get(`${PAGE_ORIGIN}/site/css/a.css?v=2#x`)?.headers?.['content-type']).toBe('text/css');
    expect(get(`${PAGE_ORIGIN}/site/img/%C3%A4%20b.png`)?.status).toBe(200);
    expect(get(`${PAGE_ORIGIN}/site/sub/`)?.body.toString()).toBe('<p>sub</p>');
    expect(get(`${PAGE_ORIGIN}/site/missing.png`)).toEqual({ status: 404, body: '' });
    // Paths that climb stay paths of the site: nothing but its files is read.
    expect(get(`${PAGE_ORIGIN}/site/..%2F..%2Fetc/passwd`)).toEqual({ status: 404, body: '' });
    expect(get(`${PAGE_ORIGIN}/%E0%A4%A`)).toEqual({ status: 404, body: '' });
  });

  it('refuses every other origin, scheme and method, and the page leaving once it is loaded', () => {
    for (const url of [
      'http://127.0.0.2:8000/x.png',
      'http://localhost/',
      'https://page.quire.invalid.example.com/site/index.html',
      'http://page.quire.invalid/site/index.html',
      'https://page.quire.invalid:444/site/index.html',
      'file:///etc/passwd',
      'ws://127.0.0.2:8000/',
      'data:text/html,x',
      'not a url',
    ]) {
      expect(get(url), url).toBeNull();
    }
    expect(
      answerRequest(
        site,
        { url: `${PAGE_ORIGIN}/site/index.html`, method: 'POST', isPageNavigation: false },
        false,
      ),
    ).toBeNull();
    // Its first navigation loads it; any later one (a refresh, a script) is refused, even to its own files.
    expect(get(`${PAGE_ORIGIN}/site/sub/index.html`, true, true)).toBeNull();
    // Its frames may load its files.
    expect(get(`${PAGE_ORIGIN}/site/sub/index.html`, false, true)?.status).toBe(200);
  });
});

describe('printHtml', () => {
  it('draws one page past its cap, not the whole page: HTML to PDF refuses the document from that count', async () => {
    const lines = '<div style="height: 100px">line</div>'.repeat(100);
    const page: HtmlSite = {
      indexPath: 'index.html',
      read: () => new TextEncoder().encode(lines),
      fileCount: 1,
    };
    const { pdf } = await printHtml(
      page,
      { pageSize: 'a4', landscape: false, margins: AUTO_MARGINS, maxPages: 3 },
      ctx,
    );
    const path = join(ctx.workDir, 'capped.pdf');
    writeFileSync(path, pdf);
    expect(Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }))).toBe(4);
  });
});
