import { splitLocale } from '@quire/shared';
import type { MetaFunction } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { getTranslator } from '../i18n/create-translator.ts';
import { noIndexMeta } from '../lib/seo.ts';

export const meta: MetaFunction = ({ location }) => {
  const { t } = getTranslator(splitLocale(location.pathname).locale);
  return noIndexMeta(t('seo.notFound.title'), t('seo.notFound.description'));
};

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
