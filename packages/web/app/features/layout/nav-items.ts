import { pagePath, type Locale, type PageSlug } from '@quire/shared';
import type { MessageKey } from '../../i18n/messages.ts';

export type NavItem = { readonly key: MessageKey; readonly href: (locale: Locale) => string };

const page = (slug: PageSlug) => (locale: Locale) => pagePath(locale, slug);

/** Header links after "Tools" (which scrolls instead of navigating). */
export const HEADER_PAGES: readonly NavItem[] = [
  { key: 'common.nav.blog', href: page('blog') },
  { key: 'common.nav.help', href: page('help-center') },
  { key: 'common.nav.about', href: page('about') },
];

export const FOOTER_SUPPORT: readonly NavItem[] = [
  { key: 'common.footer.helpCenter', href: page('help-center') },
  { key: 'common.footer.faq', href: page('faq') },
  { key: 'common.footer.api', href: page('api-docs') },
  { key: 'common.footer.status', href: page('status') },
];

export const FOOTER_LEGAL: readonly NavItem[] = [
  { key: 'common.footer.privacy', href: page('privacy-policy') },
  { key: 'common.footer.terms', href: page('terms-of-service') },
  { key: 'common.footer.cookies', href: page('cookie-policy') },
  { key: 'common.footer.security', href: page('security') },
];
