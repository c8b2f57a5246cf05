import { homePath, toolPath, type Locale, type ToolId } from '@quire/shared';
import { config } from '../config.ts';
import { absoluteUrl, inLanguage } from './seo.ts';

/** WebSite and Organization of the home page. No ratings or invented figures (spec A.8). */
export function homeJsonLd(locale: Locale, description: string): Record<string, unknown> {
  const url = absoluteUrl(homePath(locale));
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: config.siteName, url, description, inLanguage: inLanguage(locale) },
      {
        '@type': 'Organization',
        name: config.siteName,
        url: absoluteUrl('/'),
        logo: absoluteUrl('/favicon.svg'),
      },
    ],
  };
}

/** One tool as a free web application. */
export function toolJsonLd(locale: Locale, toolId: ToolId, name: string, description: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name,
    description,
    url: absoluteUrl(toolPath(locale, toolId)),
    inLanguage: inLanguage(locale),
    applicationCategory: 'UtilitiesApplication',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    publisher: { '@type': 'Organization', name: config.siteName, url: absoluteUrl('/') },
  };
}
