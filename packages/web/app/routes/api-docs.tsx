import { DEFAULT_RATE_LIMIT_PER_MINUTE, buildOpenApi, homePath, splitLocale } from '@quire/shared';
import { useLoaderData, type ClientLoaderFunctionArgs, type MetaFunction } from 'react-router';
import webPackage from '../../package.json' with { type: 'json' };
import { config } from '../config.ts';
import { ApiDocsPage } from '../features/api-docs/api-docs-page.tsx';
import { describeApi } from '../features/api-docs/describe-api.ts';
import { getTranslator } from '../i18n/create-translator.ts';
import { loadMessages } from '../i18n/messages.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { pageMeta } from '../lib/seo.ts';

/**
 * Runs when the site is built: the reference is read from the OpenAPI document the server publishes, built by the
 * same function with the default rate limit (the page says that an operator may change it).
 */
export function loader() {
  return describeApi(
    buildOpenApi({ version: webPackage.version, rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE }),
    config.publicOrigin,
  );
}

/**
 * A visit that arrives from another page of the site: the page's words (the `apiDocs` namespace, which no other
 * page ships) come with its data. The first page of a visit has them loaded before it hydrates (entry.client.tsx),
 * and React Router runs no client loader then: the page has a build-time loader.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const [model] = await Promise.all([serverLoader<typeof loader>(), loadMessages(locale, 'apiDocs')]);
  return model;
}

export const meta: MetaFunction = inKnownLanguage(({ location }) => {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  return pageMeta({
    pathname: location.pathname,
    title: t('apiDocs.seo.title'),
    description: t('apiDocs.seo.description'),
    headline: t('apiDocs.title'),
    parents: [{ name: t('seo.breadcrumb.home'), path: homePath(locale) }],
  });
});

export default function ApiDocsRoute() {
  const model = useLoaderData<typeof loader>();
  return <ApiDocsPage model={model} origin={config.publicOrigin} />;
}
