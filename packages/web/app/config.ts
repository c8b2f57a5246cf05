import { parsePublicOrigin } from './lib/public-origin.ts';

/**
 * Build-time settings; the only reader of `import.meta.env`. Set them when building, e.g.
 * `VITE_PUBLIC_ORIGIN=https://pdf.example.org npm run build -w @quire/web` (`npm start` passes the operator's
 * `QUIRE_PUBLIC_ORIGIN` on as `VITE_PUBLIC_ORIGIN`).
 */
function read(name: string, fallback: string): string {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const config = Object.freeze({
  /** Absolute origin of canonical URLs, hreflang alternates, structured data, the sitemap and share images. */
  publicOrigin: parsePublicOrigin(read('VITE_PUBLIC_ORIGIN', 'http://127.0.0.1:3000'), 'VITE_PUBLIC_ORIGIN'),
  /** Where the complete corresponding source is offered (AGPL section 13). */
  sourceUrl: read('VITE_SOURCE_URL', '/source.tar.gz'),
  /** The address behind "Contact Us". */
  contactEmail: read('VITE_CONTACT_EMAIL', 'contact@example.org'),
  /** Who runs this copy of Quire, named in the legal pages. */
  operatorName: read('VITE_OPERATOR_NAME', 'Quire'),
  siteName: 'Quire',
});
