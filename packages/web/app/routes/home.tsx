import { splitLocale } from '@quire/shared';
import type { MetaFunction } from 'react-router';
import { HydrateLater } from '../components/hydrate-later.tsx';
import { CallToAction } from '../features/home/call-to-action.tsx';
import { FeaturesSection } from '../features/home/features-section.tsx';
import { Hero } from '../features/home/hero.tsx';
import { HowItWorks } from '../features/home/how-it-works.tsx';
import { ToolGrid } from '../features/home/tool-grid.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { pageMeta } from '../lib/seo.ts';
import { homeJsonLd } from '../lib/structured-data.ts';

export const meta: MetaFunction = inKnownLanguage(({ location }) => {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  const description = t('seo.home.description');
  return pageMeta({
    pathname: location.pathname,
    title: t('seo.home.title'),
    description,
    headline: t('common.home.hero.title'),
    jsonLd: homeJsonLd(locale, description),
  });
});

export default function HomeRoute() {
  return (
    <>
      <Hero />
      {/* The hero holds the upload area: it is hydrated first, the rest after it. */}
      <HydrateLater>
        <ToolGrid />
        <FeaturesSection />
        <HowItWorks />
        <CallToAction />
      </HydrateLater>
    </>
  );
}
