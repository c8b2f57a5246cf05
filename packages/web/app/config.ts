import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  listenOrigin,
  parseContactEmail,
  parsePublicOrigin,
} from '@quire/shared';

/**
 * Build-time settings; the only reader of `import.meta.env`. `npm start` (`scripts/setup.mjs`) works out the
 * operator's settings with the rules of `@quire/shared`'s `readSiteSettings` and passes them on: the public origin
 * (`QUIRE_PUBLIC_ORIGIN`, else the server's `HOST` and `PORT`) as `VITE_PUBLIC_ORIGIN`, `QUIRE_CONTACT_EMAIL` as
 * `VITE_CONTACT_EMAIL`. A build run by hand (`npm run build -w @quire/web`) may set them the same way; it names the
 * server's default address and no contact address otherwise. Values are checked by the same parsers either way.
 */
function read(name: string): string | null {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const publicOrigin = read('VITE_PUBLIC_ORIGIN');
const contactEmail = read('VITE_CONTACT_EMAIL');

export const config = Object.freeze({
  /**
   * Absolute origin of canonical URLs, hreflang alternates, structured data, the sitemap, share images and the
   * API docs' examples.
   */
  publicOrigin:
    publicOrigin === null
      ? listenOrigin(DEFAULT_HOST, DEFAULT_PORT)
      : parsePublicOrigin(publicOrigin, 'VITE_PUBLIC_ORIGIN'),
  /** Where the complete corresponding source is offered (AGPL section 13). */
  sourceUrl: read('VITE_SOURCE_URL') ?? '/source.tar.gz',
  /**
   * The operator's address behind "Contact Us" and in the legal pages; null when the operator has set none: the site
   * then shows no contact link and the pages' contact sentences are left out (never a made-up address).
   */
  contactEmail: contactEmail === null ? null : parseContactEmail(contactEmail, 'VITE_CONTACT_EMAIL'),
  /** Who runs this copy of Quire, named in the legal pages. */
  operatorName: read('VITE_OPERATOR_NAME') ?? 'Quire',
  siteName: 'Quire',
});
