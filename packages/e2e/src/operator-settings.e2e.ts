import { LOCALES, allPagePaths, localePrefix, pagePath, readSiteSettings } from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

/**
 * The settings the site under test was built with: `npm test` builds it (scripts/setup.mjs) in the same
 * environment as it runs the tests, with the same rules.
 */
const settings = readSiteSettings(process.env);

const fetchText = async (path: string) => (await fetch(new URL(path, baseUrl))).text();
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');

describe('the public origin the pages name', () => {
  it('is the one the build was made for (QUIRE_PUBLIC_ORIGIN, else HOST and PORT) in every curl example', async () => {
    for (const locale of ['en', 'ja'] as const) {
      const html = decode(await fetchText(`${localePrefix(locale)}/api-docs`));
      const examples = [...html.matchAll(/curl '(https?:\/\/[^/']+)\//g)].map((match) => match[1]);
      expect(examples.length, locale).toBeGreaterThan(8);
      expect(new Set(examples), locale).toEqual(new Set([settings.publicOrigin]));
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(new URL(canonical).origin, locale).toBe(settings.publicOrigin);
    }
    expect(await fetchText('/robots.txt')).toContain(`Sitemap: ${settings.publicOrigin}/sitemap.xml`);
  });
});

describe('the contact address', () => {
  const pages = [...allPagePaths(), '/no-such-page', '/es/no-such-page'];

  if (settings.contactEmail === null) {
    it('is named nowhere when the operator has set none: no made-up address, no empty mail link', async () => {
      for (const path of pages) {
        const html = await fetchText(path);
        expect(html, path).not.toMatch(/example\.org|mailto:/);
        expect(html, path).not.toContain('data-testid="contact-link"');
      }
      const privacy = await fetchText(pagePath('en', 'privacy-policy'));
      expect(privacy).toContain('The operator has not published a contact address.');
    });
  } else {
    const address = settings.contactEmail;
    it(`is ${address} in the footer of every page and in the legal pages`, async () => {
      const footerLink = new RegExp(
        `<a href="mailto:${address.replace(/[.+]/g, '\\$&')}"[^>]*data-testid="contact-link"`,
      );
      for (const path of pages) expect(await fetchText(path), path).toMatch(footerLink);
      for (const locale of LOCALES) {
        for (const page of ['privacy-policy', 'terms-of-service', 'security'] as const) {
          const html = await fetchText(pagePath(locale, page));
          expect(html, `${locale} ${page}`).toContain(`href="mailto:${address}"`);
          expect(html, `${locale} ${page}`).not.toContain('example.org');
        }
      }
    });
  }
});
