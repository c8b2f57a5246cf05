import { homePath, splitLocale } from '@quire/shared';
import type { MetaFunction } from 'react-router';
import { StatusPage } from '../features/status/status-page.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { pageMeta } from '../lib/seo.ts';

export const meta: MetaFunction = inKnownLanguage(({ location }) => {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  return pageMeta({
    pathname: location.pathname,
    title: t('status.seo.title'),
    description: t('status.seo.description'),
    headline: t('status.title'),
    parents: [{ name: t('seo.breadcrumb.home'), path: homePath(locale) }],
  });
});

export default function StatusRoute() {
  return <StatusPage />;
}
