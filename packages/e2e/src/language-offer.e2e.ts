import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCALE_INFO, toolPath } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { useBrowserSession, waitForHydration } from './browser-session.ts';

const browser = useBrowserSession();
const CONTENT = resolve(import.meta.dirname, '../../../content/locales');

/** The language the Spanish offer is written in: Spanish once translated, English until then. */
function offerLanguage(locale: string): string {
  const file = resolve(CONTENT, locale, 'offer.json');
  if (!existsSync(file)) return 'en';
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const isComplete = ['available', 'switch', 'dismiss'].every((key) => typeof messages[key] === 'string');
  return isComplete ? locale : 'en';
}

describe('the language offer', () => {
  it('offers Spanish on / to a Spanish browser, in Spanish, without redirecting', async () => {
    const page = await browser.open('/', { locale: 'es-ES' });
    const offer = page.getByTestId('language-offer');
    await offer.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await offer.getAttribute('lang')).toBe(offerLanguage('es'));
    expect(await offer.textContent()).toContain(LOCALE_INFO.es.name);
    const link = offer.getByTestId('language-offer-switch');
    expect(await link.getAttribute('href')).toBe('/es/');
    expect(await page.getByRole('complementary', { name: /Español/ }).count()).toBe(1);

    await Promise.all([page.waitForURL(/\/es\/$/), link.click()]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByTestId('language-offer').count()).toBe(0);
  });

  it('links to the same page in that language and remembers only a no', async () => {
    const page = await browser.open(toolPath('en', 'merge'), { locale: 'fr-FR' });
    const offer = page.getByTestId('language-offer');
    await offer.waitFor();
    expect(await offer.getByTestId('language-offer-switch').getAttribute('href')).toBe(
      toolPath('fr', 'merge'),
    );

    await offer.getByTestId('language-offer-dismiss').click();
    await expect.poll(() => offer.count()).toBe(0);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({
      'quire.languageOfferDismissed': 'true',
    });
    await page.reload();
    await waitForHydration(page);
    // A dismissed offer is decided in the first effect, with nothing to load: one frame later it would be there.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    expect(await offer.count()).toBe(0);
  });

  it('offers nothing to an English browser or on a page already in another language', async () => {
    const english = await browser.open('/', { locale: 'en-US' });
    const spanish = await browser.open('/es/', { locale: 'es-ES' });
    // Both pages have hydrated; the offer would have been fetched and shown by now on an English page.
    const control = await browser.open('/', { locale: 'de-DE' });
    await control.getByTestId('language-offer').waitFor();
    expect(await english.getByTestId('language-offer').count()).toBe(0);
    expect(await spanish.getByTestId('language-offer').count()).toBe(0);
  });

  it('serves / in English whatever the Accept-Language header asks', async () => {
    const response = await fetch(new URL('/', browser.baseUrl), {
      headers: { 'accept-language': 'es-ES,es' },
    });
    expect(response.status).toBe(200);
    expect(response.redirected).toBe(false);
    expect(await response.text()).toMatch(/<html[^>]*\slang="en"/);
  });
});
