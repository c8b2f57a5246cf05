import { splitLocale } from '@quire/shared';

/** Every page's share image (Open Graph, Twitter): drawn at build time, one per page and language. */
export const SHARE_IMAGE = { widthPx: 1200, heightPx: 630, type: 'image/jpeg' } as const;

/** Where a page's share image is served: `/og/en/index.jpg` for `/`, `/og/de/merge-pdf.jpg` for `/de/merge-pdf`. */
export function shareImagePath(pathname: string): string {
  const { locale, rest } = splitLocale(pathname);
  const name = rest.replace(/^\/+|\/+$/g, '') || 'index';
  return `/og/${locale}/${name}.jpg`;
}
